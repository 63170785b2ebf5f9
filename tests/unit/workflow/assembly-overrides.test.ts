// Step 5 sends a publication id and only what it has not stored yet; the server fills the rest from the
// stored workflow. Whatever is saved and whatever is still pending, that pair must assemble from exactly
// the input the page's full copy of its data gave before.
import { describe, expect, it } from 'vitest';
import { unsavedAssemblyFields } from '../../../src/client/features/workflow/rules';
import type { WorkflowData } from '../../../src/client/features/workflow/types';
import { assembleInputFrom } from '../../../src/server/publications/assemble-input';
import { buildArticle } from '../../integration/workflow/factories';
import { NO_EDITS } from '../../../src/shared/schemas/issue-edits';

const [a1, a2, a3] = [buildArticle(), buildArticle(), buildArticle()];

const stored: WorkflowData = {
  newsletterName: 'Compiler Weekly',
  selectedTheme: 'market-watch',
  selectedChannels: [],
  selectedArticles: [a1, a2],
  searchTopic: '',
  topic: '',
  fontStyle: 'normal',
  layoutStyle: 'single',
  colorTheme: 'dark',
  intro: 'Stored intro',
  subject: 'Stored subject',
  edits: NO_EDITS,
};

/** What the page sent before: its own full copy of the workflow. */
const fullCopy = (d: WorkflowData) => ({
  newsletterName: d.newsletterName.trim(),
  themeId: d.selectedTheme ?? undefined,
  articles: d.selectedArticles,
  layoutStyle: d.layoutStyle,
  fontStyle: d.fontStyle,
  colorTheme: d.colorTheme,
  includeBranding: true,
  intro: d.intro,
  subject: d.subject || undefined,
  edits: d.edits,
});

const row = (d: WorkflowData) => ({ workflowData: { ...d, lastSaved: '2026-11-24T10:00:00.000Z' }, name: d.newsletterName, updatedAt: new Date() });

const viaId = (current: WorkflowData) => assembleInputFrom(unsavedAssemblyFields(current, stored), row(stored));

describe('publication id + unsaved fields', () => {
  it('sends nothing but the id when everything is stored', () => {
    expect(unsavedAssemblyFields(stored, stored)).toEqual({});
    expect(viaId(stored)).toEqual(assembleInputFrom(fullCopy(stored)));
  });

  it.each<[string, Partial<WorkflowData>]>([
    ['a preview option', { fontStyle: 'bold', layoutStyle: 'two-column', colorTheme: 'colorful' }],
    ['the article list', { selectedArticles: [a2, a3] }],
    ['an article summary', { selectedArticles: [a1, { ...a2, summary: 'Rewritten by AI' }] }],
    ['the name (typed, not saved yet)', { newsletterName: '  Parser Weekly ' }],
    ['the theme', { selectedTheme: 'newsprint' }],
    ['a cleared subject (built from the lead story again)', { subject: '' }],
    ['a cleared intro', { intro: '' }],
    ['the edits', { edits: { ...NO_EDITS, order: [a2.id, a1.id], signOff: 'Bye' } }],
  ])('carries %s and assembles what the full copy assembled', (_what, change) => {
    const current = { ...stored, ...change };
    expect(Object.keys(unsavedAssemblyFields(current, stored)).length).toBeGreaterThan(0);
    expect(viaId(current)).toEqual(assembleInputFrom(fullCopy(current)));
  });
});
