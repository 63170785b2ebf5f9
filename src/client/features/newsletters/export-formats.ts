// Export formats as the UI offers them: the plan's own formats usable, the others shown disabled with
// the plan that has them (capabilities from src/shared/plans.ts). Downloads go through
// GET /api/newsletters/:id/export/:format, fetched first so a refusal becomes a readable message.
import { MSG } from '../../../shared/messages';
import { capabilitiesFor, cheapestPlanWithExport, EXPORT_FORMATS, PLAN_LABELS, type ExportFormat } from '../../../shared/plans';

export const EXPORT_LABELS: Record<ExportFormat, string> = {
  txt: 'Plain text (.txt)',
  md: 'Markdown (.md)',
  pdf: 'PDF (.pdf)',
  html: 'HTML (.html)',
  docx: 'Word (.docx)',
  epub: 'EPUB (.epub)',
};

export interface ExportOption {
  format: ExportFormat;
  label: string;
  available: boolean;
  /** For unavailable formats: the label of the cheapest plan that includes it. */
  requiredPlan: string | null;
}

export function exportOptionsFor(user: { role?: unknown; planType?: unknown } | null | undefined): ExportOption[] {
  const allowed = capabilitiesFor(user ?? {}).exports;
  return EXPORT_FORMATS.map((format) => {
    const available = allowed.includes(format);
    return { format, label: EXPORT_LABELS[format], available, requiredPlan: available ? null : PLAN_LABELS[cheapestPlanWithExport(format)] };
  });
}

export function exportUrl(newsletterId: string, format: ExportFormat): string {
  return `/api/newsletters/${encodeURIComponent(newsletterId)}/export/${format}`;
}

function filenameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // Malformed percent-encoding: fall back to the plain filename parameter.
    }
  }
  const plain = /filename="([^"]+)"/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

/** Downloads the export as a file; throws an Error with the server's message when it refuses. */
export async function downloadExport(newsletterId: string, format: ExportFormat): Promise<string> {
  const res = await fetch(exportUrl(newsletterId, format), { credentials: 'include' });
  if (!res.ok) {
    let message: string = MSG.httpError(res.status, res.statusText);
    try {
      const body = (await res.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      // Not JSON: keep the status line.
    }
    throw new Error(message);
  }
  const blob = await res.blob();
  const filename = filenameFrom(res.headers.get('content-disposition'), `newsletter.${format}`);
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return filename;
}
