export { LogoutButton } from './LogoutButton';
export { NewPasswordField } from './NewPasswordField';
export { UnconfirmedEmailNotice } from './UnconfirmedEmailNotice';
export { confirmEmailRoute, forgotPasswordRoute, inviteRoute, loginRoute, logoutRoute, resetPasswordRoute, safeRedirect } from './routes';
export { useLogout, useSignOutEverywhere } from './signOut';
