// Stored publication rows as the API returns them; older or partial workflow data gets the spec's defaults.
import type { PublicationRow, PublicationWorkflowData } from '../../../db/schema';
import { isSampleArticle } from '../../shared/schemas/content';
import { storedEdits } from '../../shared/schemas/issue-edits';
import { COLOR_THEMES, FONT_STYLES, LAYOUT_STYLES, NEWSLETTER_DEFAULTS, STORED_COLOR_THEME_FALLBACK } from '../../shared/schemas/newsletter';
import { PUBLICATION_STATUSES, type PublicationDto, type PublicationStatus, type PublicationSummaryDto } from '../../shared/schemas/publications';

const oneOf = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  (allowed as readonly unknown[]).includes(value) ? (value as T) : fallback;

/** The workflow data a new publication starts with (spec §9 defaults). */
export function initialWorkflowData(name: string, now: Date): PublicationWorkflowData {
  return {
    newsletterName: name,
    selectedTheme: null,
    selectedChannels: [],
    selectedArticles: [],
    searchTopic: '',
    topic: '',
    fontStyle: NEWSLETTER_DEFAULTS.fontStyle,
    layoutStyle: NEWSLETTER_DEFAULTS.layoutStyle,
    colorTheme: NEWSLETTER_DEFAULTS.colorTheme,
    lastSaved: now.toISOString(),
  };
}

export function normalizeWorkflowData(raw: Partial<PublicationWorkflowData> | null | undefined, row: { name: string; updatedAt: Date }) {
  const d = raw ?? {};
  return {
    newsletterName: typeof d.newsletterName === 'string' ? d.newsletterName : row.name,
    selectedTheme: typeof d.selectedTheme === 'string' ? d.selectedTheme : null,
    selectedChannels: Array.isArray(d.selectedChannels) ? d.selectedChannels : [],
    // Samples never stay selected, whatever an older row holds.
    selectedArticles: Array.isArray(d.selectedArticles) ? d.selectedArticles.filter((a) => !isSampleArticle(a)) : [],
    searchTopic: typeof d.searchTopic === 'string' ? d.searchTopic : '',
    topic: typeof d.topic === 'string' ? d.topic : '',
    fontStyle: oneOf(FONT_STYLES, d.fontStyle, NEWSLETTER_DEFAULTS.fontStyle),
    layoutStyle: oneOf(LAYOUT_STYLES, d.layoutStyle, NEWSLETTER_DEFAULTS.layoutStyle),
    colorTheme: oneOf(COLOR_THEMES, d.colorTheme, STORED_COLOR_THEME_FALLBACK),
    intro: typeof d.intro === 'string' ? d.intro : '',
    subject: typeof d.subject === 'string' ? d.subject : '',
    edits: storedEdits(d.edits),
    lastSaved: typeof d.lastSaved === 'string' ? d.lastSaved : row.updatedAt.toISOString(),
  };
}

/** On a publication shared with the caller: whose it is and the caller's role in their workspace. */
export interface SharedBy {
  name: string;
  email: string;
  role: 'editor' | 'viewer';
}

export function toSummaryDto(row: PublicationRow, sharedBy?: SharedBy): PublicationSummaryDto {
  return {
    id: row.id,
    name: row.name,
    status: oneOf<PublicationStatus>(PUBLICATION_STATUSES, row.status, 'draft'),
    currentStep: Math.min(5, Math.max(1, row.currentStep)),
    lastSaved: row.updatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(sharedBy ? { sharedBy } : {}),
  };
}

export function toPublicationDto(row: PublicationRow, sharedBy?: SharedBy): PublicationDto {
  return { ...toSummaryDto(row, sharedBy), workflowData: normalizeWorkflowData(row.workflowData, row) };
}
