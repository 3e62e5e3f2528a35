export { RootLayout } from './RootLayout';
