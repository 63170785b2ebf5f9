// The publication contracts are src/shared/schemas/publications.ts (publications.*) and
// wizard-progress.ts (wizard.saveProgress); server code that names this file reads them from there.
export * from '../../shared/schemas/publications';
export * from '../../shared/schemas/wizard-progress';
