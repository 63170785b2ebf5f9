export { SecurityPage } from './security-page';
