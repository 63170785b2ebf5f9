// The subscribers feature's public surface: the creator's page of a publication's readers, and the
// reader-facing signup and confirmation pages.
export { SubscribersPage } from './subscribers-page';
export { SignupPage } from './signup-page';
export { ConfirmPage } from './confirm-page';
