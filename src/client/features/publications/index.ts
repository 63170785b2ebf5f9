// The publications feature's public surface: opening a publication in the workflow.
export { openPublication, workflowHref } from './open-publication';
