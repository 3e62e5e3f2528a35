export { LogoutButton } from './LogoutButton';
export { NewPasswordField } from './NewPasswordField';
export { UnconfirmedEmailNotice } from './UnconfirmedEmailNotice';
export { confirmEmailRoute, forgotPasswordRoute, inviteRoute, loginRoute, logoutRoute, resetPasswordRoute } from './routes';
export { safeRedirect } from './landing';
export { useLogout, useSignOutEverywhere } from './signOut';
