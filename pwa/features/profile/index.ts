export { profileRoute, twoFactorSetupRoute } from './routes';
