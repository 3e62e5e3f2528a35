export { LogoutButton } from './LogoutButton';
export { NewPasswordField } from './NewPasswordField';
export { UnconfirmedEmailNotice } from './UnconfirmedEmailNotice';
export { useLogout, useSignOutEverywhere } from './signOut';
