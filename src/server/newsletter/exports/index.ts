// Exports of a saved newsletter: the plan decides the format (capability table), the row must be the
// user's own, and the file is named from the title and the date of the last save. The binary
// formats (pdfkit, docx, jszip) are written in a worker thread, loaded on the first export.
import type { z } from 'zod';
import { isCustomThemeId, resolveTheme } from '../saved-theme';
import { AppError } from '../../errors';
import { capabilitiesFor, cheapestPlanWithExport, effectivePlan, PLAN_LABELS, type ExportFormat } from '../../../shared/plans';
import { findOwnedDraft, type DraftCtx } from '../drafts';
import type { exportInput } from '../../../shared/schemas/drafts';
import { boundedForLayout, exportDocFrom, slugify } from './document';
import { toTxt, toMarkdown, toHtml } from './text-formats';
import { renderInWorker } from './pool';

export const EXPORT_MIME: Record<ExportFormat, string> = {
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  pdf: 'application/pdf',
  html: 'text/html; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  epub: 'application/epub+zip',
};

const LABEL: Record<ExportFormat, string> = { txt: 'Text', md: 'Markdown', pdf: 'PDF', html: 'HTML', docx: 'Word', epub: 'EPUB' };

export interface ExportCtx extends DraftCtx {
  user: DraftCtx['user'] & { role?: unknown; planType?: unknown };
  env: { APP_URL: string };
}

export function exportForbiddenMessage(format: ExportFormat): string {
  const plan = PLAN_LABELS[cheapestPlanWithExport(format)];
  return `${LABEL[format]} export is available on the ${plan} plan. Upgrade to ${plan} to export this format.`;
}

export async function exportNewsletter(ctx: ExportCtx, input: z.infer<typeof exportInput>) {
  const row = await findOwnedDraft(ctx, input.id);
  if (!capabilitiesFor(ctx.user).exports.includes(input.format)) {
    throw new AppError('FORBIDDEN', exportForbiddenMessage(input.format), {
      requiredPlan: cheapestPlanWithExport(input.format),
      currentPlan: effectivePlan(ctx.user),
    });
  }
  const doc = exportDocFrom(row);
  // A saved theme renders the web version like a built-in one; one deleted since leaves the saved HTML.
  if (doc.theme && isCustomThemeId(doc.theme)) doc.savedTheme = await resolveTheme(ctx.db, row.userId, doc.theme);
  const body = await render(input.format, doc, row.id, ctx);
  const buf = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return { filename: `${slugify(doc.title)}-${doc.isoDate}.${input.format}`, mime: EXPORT_MIME[input.format], base64: buf.toString('base64') };
}

function render(format: ExportFormat, doc: ReturnType<typeof exportDocFrom>, id: string, ctx: ExportCtx): Promise<Buffer> | string {
  switch (format) {
    case 'txt':
      return toTxt(doc, ctx.env.APP_URL);
    case 'md':
      return toMarkdown(doc);
    case 'html':
      return toHtml(doc, ctx.env.APP_URL);
    case 'pdf':
    case 'docx':
    case 'epub':
      // The binary formats are written in a worker thread (pool.ts): a large one never stalls other requests.
      return renderInWorker({ format, doc: boundedForLayout(doc), id, now: ctx.now().toISOString() });
  }
}
