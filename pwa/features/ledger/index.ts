export { ledgerRoute, verifyRoute } from './routes';
