// The publications feature's public surface: opening a publication in the workflow, and the create form
// (the dashboard's first step).
export { openPublication, workflowHref } from './open-publication';
export { CreatePublicationForm } from './create-publication-form';
