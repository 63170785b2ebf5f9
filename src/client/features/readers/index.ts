// The readers feature's public surface: one reader's page (who they are and their history).
export { ReaderPage } from './reader-page';
