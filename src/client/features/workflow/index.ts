// The workflow feature's public surface for other features: the stored publication the workflow opens
// (publications hands one over, and clears it when that publication is deleted).
export { SELECTED_PUBLICATION_KEY, clearStoredPublication, readStoredPublication } from './stored-publication';
export { IssueEditor, type EditableStory } from './issue-editor';
export { PrecheckFindings } from './precheck-panel';
export { VerifyEmail } from './verify-email';
