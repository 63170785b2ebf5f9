// Stored publications: one row per newsletter a user works on in the five-step workflow.
import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';
import type { Article, Channel } from '../../src/shared/schemas/content';
import type { IssueEdits } from '../../src/shared/schemas/issue-edits';

/** The workflow progress kept with a publication (spec §3 "Stored publication"). */
export interface PublicationWorkflowData {
  newsletterName: string;
  selectedTheme: string | null;
  selectedChannels: Channel[];
  selectedArticles: Article[];
  searchTopic: string;
  topic: string;
  fontStyle: string;
  layoutStyle: string;
  colorTheme: string;
  /** Optional (older rows lack them): the issue's intro with [n] marks, and a chosen subject line. */
  intro?: string;
  subject?: string;
  /** Optional: the creator's edits of the issue's body (src/shared/schemas/issue-edits.ts). */
  edits?: IssueEdits;
  lastSaved: string;
}

export const publications = sqliteTable(
  'publications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Public address /p/<slug> (signup form, archive); given on first need and then stable. */
    slug: text('slug'),
    status: text('status').notNull().default('draft'),
    /** Shared with this workspace's members (team collaboration); null: the owner's alone. */
    workspaceId: text('workspace_id'),
    /** Open pixel and click redirects in issues the product sends (frozen on each send). */
    trackOpens: integer('track_opens', { mode: 'boolean' }).notNull().default(true),
    trackClicks: integer('track_clicks', { mode: 'boolean' }).notNull().default(true),
    currentStep: integer('current_step').notNull().default(1),
    workflowData: text('workflow_data', { mode: 'json' }).$type<PublicationWorkflowData>().notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('publications_user_updated_idx').on(t.userId, t.updatedAt),
    uniqueIndex('publications_slug_unique').on(t.slug),
    index('publications_workspace_idx').on(t.workspaceId),
  ],
);

export type PublicationRow = typeof publications.$inferSelect;
