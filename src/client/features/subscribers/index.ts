// The subscribers feature's public surface: the creator's page of a publication's readers, and the
// reader-facing signup and confirmation pages, and the audience (everyone or a segment) an issue goes to.
export { SubscribersPage } from './subscribers-page';
export { SignupPage } from './signup-page';
export { ConfirmPage } from './confirm-page';
export { AudienceField, useAudience, type Audience } from './audience';
export { SharePanel } from './share-panel';
