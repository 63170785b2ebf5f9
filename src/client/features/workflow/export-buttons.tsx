// Export to every format the plan has (capabilitiesFor(user).exports); the others are shown disabled
// with the plan that has them and why. An export saves the newsletter first when needed, then
// downloads it from /api/newsletters/:id/export/:format. In step 5's send bar the formats open from
// an "Export" button (ExportMenu).
import { useEffect, useId, useRef, useState } from 'react';
import { ChevronUp, Download, Lock } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ReasonButton } from '../../components/ui/reason-button';
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
          <ReasonButton
            key={f}
            variant="outline"
            size="sm"
            onClick={() => void run(f)}
            loading={busy === f}
            disabled={disabled || (busy !== null && busy !== f)}
            reason={busy === f ? 'Exporting…' : busy ? 'Another export is running' : 'Wait until the preview is assembled'}
            aria-label={`Export ${FORMAT_LABELS[f]}`}
          >
            {busy !== f && <Download aria-hidden />} {FORMAT_LABELS[f]}
          </ReasonButton>
        ))}
      </div>
      {locked.length > 0 && (
        <ul className="mt-2 grid gap-1.5" aria-label="Exports on other plans">
          {locked.map((f) => {
            const plan = PLAN_LABELS[cheapestPlanWithExport(f)];
            return (
              <li key={f}>
                <ReasonButton
                  variant="outline"
                  size="sm"
                  disabled
                  reason={`Upgrade to the ${plan} plan to export ${FORMAT_LABELS[f]}`}
                  className="w-full justify-between"
                >
                  <span className="inline-flex items-center gap-2">
                    <Lock aria-hidden /> <span className="sr-only">Export </span>
                    {FORMAT_LABELS[f]}
                  </span>{' '}
                  <span className="text-xs font-normal">{plan} plan</span>
                </ReasonButton>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}

/**
 * The send bar's "Export" button: the formats open in a panel above it (Escape or a click elsewhere
 * closes it, focus returns to the button). Focus leaving the panel closes it too: open, it would lie
 * over the page above the bar, where the next focused control may be (WCAG 2.4.11).
 */
export function ExportMenu(props: { user: UserDtoShape; disabled: boolean; ensureSaved: () => Promise<string | null> }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    const onDown = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open]);
  return (
    <div
      ref={root}
      className="relative"
      onBlur={(e) => {
        if (open && e.relatedTarget instanceof Node && !e.currentTarget.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <Button ref={toggle} variant="outline" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)} className="w-full">
        <Download aria-hidden /> Export <ChevronUp aria-hidden className={open ? '' : 'rotate-180'} />
      </Button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute bottom-full left-0 z-30 mb-2 w-72 max-w-[calc(100vw-2rem)] rounded-lg border border-zinc-200 bg-white p-3 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
      >
        <ExportButtons {...props} />
      </div>
    </div>
  );
}
