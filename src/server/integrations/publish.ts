// Publishing a saved newsletter to a connected platform as a campaign (draft, sent now or scheduled),
// recording it, and pulling the platform's figures for it later.
import { and, eq } from 'drizzle-orm';
import { integrationPublications, type IntegrationPlatform, type IntegrationPublicationRow } from '../../../db/schema';
import type { NewsletterRow } from '../../../db/schema';
import { AppError } from '../errors';
import { findOwnedDraft } from '../newsletter/drafts';
import { escapeXml } from '../xml';
import {
  assertAllowed,
  connector,
  credentialsOf,
  isKeyProblem,
  markConnection,
  requireConnection,
  toPublicationDto,
  type IntegrationsCtx,
} from './connections';
import type { When } from './connectors/types';
import { adaptHtml, PLATFORM_CHANGES, PLATFORM_INFO, PLATFORM_NAMES } from './platforms';
import type { PublicationDto, PublishInput } from '../../shared/schemas/integrations';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
export const PUBLISH_MSG = {
  noList: (word: string) => `Choose a ${word.toLowerCase()} to send it to.`,
  unknownList: (platform: IntegrationPlatform) => `${PLATFORM_NAMES[platform]} does not have that list any more. Choose one from the list again.`,
  scheduleInPast: 'Choose a time in the future to schedule it.',
  scheduleTooFar: 'Choose a time within the next year.',
  notPublished: 'This campaign was not created on the platform, so it has no figures.',
  draftNoStats: 'Figures come once the campaign is sent.',
};

/** The saved newsletter's e-mail HTML (or its text as simple HTML when it has none). */
function newsletterHtml(row: NewsletterRow): string {
  if (row.htmlContent.trim()) return row.htmlContent;
  const paragraphs = row.content
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeXml(p).replace(/\n/g, '<br>')}</p>`);
  if (!paragraphs.length) throw new AppError('BAD_REQUEST', 'This newsletter is empty. Open it, add content and save it first.');
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeXml(row.title)}</title></head><body><h1>${escapeXml(row.title)}</h1>${paragraphs.join('')}</body></html>`;
}

export async function previewPublish(ctx: IntegrationsCtx, input: { newsletterId: string; platform: IntegrationPlatform }) {
  assertAllowed(ctx, input.platform);
  const row = await findOwnedDraft(ctx, input.newsletterId);
  return {
    platform: input.platform,
    title: row.title,
    subject: row.subject || row.title,
    changes: PLATFORM_CHANGES[input.platform],
    html: adaptHtml(input.platform, newsletterHtml(row)),
  };
}

export async function platformLists(ctx: IntegrationsCtx, platform: IntegrationPlatform) {
  assertAllowed(ctx, platform);
  const conn = await requireConnection(ctx, platform);
  try {
    const lists = await connector(ctx, platform, credentialsOf(ctx, conn)).lists();
    if (conn.status === 'error') await markConnection(ctx, conn, null);
    return {
      platform,
      listWord: PLATFORM_INFO[platform].listWord,
      lists,
      note: platform === 'beehiiv' ? 'beehiiv has no lists: a post goes to everyone subscribed to the publication.' : null,
    };
  } catch (err) {
    if (isKeyProblem(err)) await markConnection(ctx, conn, err.message);
    throw err;
  }
}

function whenOf(ctx: IntegrationsCtx, input: PublishInput): When {
  if (input.mode !== 'schedule') return { mode: input.mode };
  const at = new Date(input.scheduledAt!);
  const now = ctx.now().getTime();
  if (at.getTime() <= now + 60_000) throw new AppError('BAD_REQUEST', PUBLISH_MSG.scheduleInPast);
  if (at.getTime() - now > YEAR_MS) throw new AppError('BAD_REQUEST', PUBLISH_MSG.scheduleTooFar);
  return { mode: 'schedule', at };
}

export async function publish(ctx: IntegrationsCtx, input: PublishInput): Promise<PublicationDto> {
  assertAllowed(ctx, input.platform);
  const newsletter = await findOwnedDraft(ctx, input.newsletterId);
  const conn = await requireConnection(ctx, input.platform);
  const when = whenOf(ctx, input);
  const html = adaptHtml(input.platform, newsletterHtml(newsletter));
  const creds = credentialsOf(ctx, conn);
  const api = connector(ctx, input.platform, creds);
  const now = ctx.now();
  const row: IntegrationPublicationRow = {
    id: crypto.randomUUID(),
    userId: ctx.user.id,
    newsletterId: newsletter.id,
    platform: input.platform,
    title: newsletter.title,
    remoteId: null,
    remoteUrl: null,
    listId: null,
    listName: null,
    status: 'failed',
    scheduledAt: when.mode === 'schedule' ? when.at : null,
    error: null,
    stats: null,
    statsFetchedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const save = async () => {
    await ctx.db.insert(integrationPublications).values(row);
  };
  try {
    const lists = await api.lists();
    const listId = input.platform === 'beehiiv' ? (lists[0]?.id ?? '') : input.listId;
    if (!listId) throw new AppError('BAD_REQUEST', PUBLISH_MSG.noList(PLATFORM_INFO[input.platform].listWord));
    const list = lists.find((l) => l.id === listId);
    if (!list) throw new AppError('BAD_REQUEST', PUBLISH_MSG.unknownList(input.platform));
    row.listId = list.id;
    row.listName = list.name;
    const created = await api.create(
      { name: newsletter.title, subject: input.subject, html, fromName: input.fromName, fromEmail: input.fromEmail, listId },
      when,
    );
    row.remoteId = created.remoteId;
    row.remoteUrl = created.remoteUrl;
    if (created.scheduledAt) row.scheduledAt = created.scheduledAt;
    if (!created.delivered && when.mode !== 'draft') {
      const d = await api.deliver(created.remoteId, when);
      if (d.scheduledAt) row.scheduledAt = d.scheduledAt;
    }
    row.status = when.mode === 'draft' ? 'draft' : when.mode === 'now' ? 'sent' : 'scheduled';
    await save();
    if (conn.status === 'error') await markConnection(ctx, conn, null);
    return toPublicationDto(row);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    // Input mistakes caught before anything reached the platform are not publications.
    if (err.code === 'BAD_REQUEST' && !row.listId) throw err;
    row.error = row.remoteId ? `${err.message} The campaign was created on ${PLATFORM_NAMES[input.platform]} as a draft.` : err.message;
    await save();
    if (isKeyProblem(err)) await markConnection(ctx, conn, err.message);
    ctx.log.warn(`integrations: publishing to ${input.platform} for user ${ctx.user.id} failed: ${err.message}`);
    throw new AppError(err.code, row.error, { publicationId: row.id });
  }
}

export async function refreshStats(ctx: IntegrationsCtx, id: string): Promise<PublicationDto> {
  const [row] = await ctx.db
    .select()
    .from(integrationPublications)
    .where(and(eq(integrationPublications.id, id), eq(integrationPublications.userId, ctx.user.id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Publication not found');
  if (!row.remoteId) throw new AppError('BAD_REQUEST', PUBLISH_MSG.notPublished);
  assertAllowed(ctx, row.platform);
  const conn = await requireConnection(ctx, row.platform);
  let result;
  try {
    result = await connector(ctx, row.platform, credentialsOf(ctx, conn)).stats(row.remoteId);
  } catch (err) {
    if (isKeyProblem(err)) await markConnection(ctx, conn, err.message);
    throw err;
  }
  const now = ctx.now();
  const status = result.remoteStatus && row.status !== 'failed' ? result.remoteStatus : row.status;
  await ctx.db
    .update(integrationPublications)
    .set({ stats: result.stats, statsFetchedAt: now, status, updatedAt: now })
    .where(eq(integrationPublications.id, row.id));
  return toPublicationDto({ ...row, stats: result.stats, statsFetchedAt: now, status, updatedAt: now });
}
