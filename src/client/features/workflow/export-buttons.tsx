// Export to every format the plan has (capabilitiesFor(user).exports); the others are shown disabled
// with the plan that has them. An export saves the newsletter first when needed, then downloads it
// from /api/newsletters/:id/export/:format.
import { useState } from 'react';
import { Download, Lock } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { MSG } from '../../../shared/messages';
import { capabilitiesFor, cheapestPlanWithExport, EXPORT_FORMATS, PLAN_LABELS, type ExportFormat } from '../../../shared/plans';
import type { UserDtoShape } from '../../../shared/schemas/user';

export const FORMAT_LABELS: Record<ExportFormat, string> = { txt: 'Text', md: 'Markdown', pdf: 'PDF', html: 'HTML', docx: 'Word', epub: 'EPUB' };

/** Starts the browser's download of the server's file (same origin, session cookie included). */
function download(href: string) {
  const a = document.createElement('a');
  a.href = href;
  a.download = '';
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export function ExportButtons({ user, disabled, ensureSaved }: { user: UserDtoShape; disabled: boolean; ensureSaved: () => Promise<string | null> }) {
  const allowed = capabilitiesFor(user).exports;
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      const id = await ensureSaved();
      if (!id) return void toast({ title: MSG.draftSaveFailed, variant: 'destructive' });
      download(`/api/newsletters/${encodeURIComponent(id)}/export/${format}`);
    } finally {
      setBusy(null);
    }
  };

  const locked = EXPORT_FORMATS.filter((f) => !allowed.includes(f));
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">Export</legend>
      <div className="grid grid-cols-3 gap-2">
        {allowed.map((f) => (
          <Button
            key={f}
            variant="outline"
            size="sm"
            onClick={() => void run(f)}
            loading={busy === f}
            disabled={disabled || (busy !== null && busy !== f)}
            aria-label={`Export ${FORMAT_LABELS[f]}`}
          >
            {busy !== f && <Download aria-hidden />} {FORMAT_LABELS[f]}
          </Button>
        ))}
      </div>
      {locked.length > 0 && (
        <ul className="mt-2 grid gap-1.5" aria-label="Exports on other plans">
          {locked.map((f) => {
            const plan = PLAN_LABELS[cheapestPlanWithExport(f)];
            return (
              <li key={f}>
                <Button variant="outline" size="sm" disabled className="w-full justify-between" aria-label={`Export ${FORMAT_LABELS[f]} (${plan} plan)`}>
                  <span className="inline-flex items-center gap-2">
                    <Lock aria-hidden /> {FORMAT_LABELS[f]}
                  </span>
                  <span className="text-xs font-normal">{plan} plan</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
