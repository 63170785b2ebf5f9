// The subscribers feature's public surface: the page listing a publication's readers.
export { SubscribersPage } from './subscribers-page';
