// An "Export" menu: every format, the plan's own enabled, the rest disabled with the plan that has them.
// resolveId lets a caller save first (step 5) before the download starts.
import { ChevronDown, Download, Lock, Sparkles } from 'lucide-react';
import { useState } from 'react';
import type { ExportFormat } from '../../../shared/plans';
import { buttonClass, type ButtonSize, type ButtonVariant } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { useCurrentUser } from '../auth';
import { downloadExport, exportOptionsFor } from './export-formats';

export function ExportMenu({
  resolveId,
  label = 'Export',
  variant = 'outline',
  size = 'sm',
  describedBy,
  onUpgrade,
}: {
  resolveId: () => Promise<string | null> | string | null;
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  describedBy?: string;
  /** When given, a 'See plans' item follows the formats the plan lacks. */
  onUpgrade?: () => void;
}) {
  const user = useCurrentUser();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const options = exportOptionsFor(user);

  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      const id = await resolveId();
      if (!id) return;
      const filename = await downloadExport(id, format);
      toast({ title: 'Export ready', description: `Downloaded ${filename}.`, variant: 'success' });
    } catch (err) {
      toast({ title: 'Export failed', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger className={buttonClass(variant, size)} disabled={busy !== null || !user} aria-describedby={describedBy}>
        {busy ? <Spinner size="sm" /> : <Download aria-hidden />}
        {label}
        <ChevronDown aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-60">
        <DropdownMenuLabel className="text-xs font-medium text-muted">Download as</DropdownMenuLabel>
        {options
          .filter((o) => o.available)
          .map((o) => (
            <DropdownMenuItem key={o.format} onSelect={() => void run(o.format)}>
              <Download aria-hidden />
              {o.label}
            </DropdownMenuItem>
          ))}
        {options.some((o) => !o.available) && <DropdownMenuSeparator />}
        {options
          .filter((o) => !o.available)
          .map((o) => (
            <DropdownMenuItem key={o.format} disabled>
              <Lock aria-hidden />
              <span className="flex-1">{o.label}</span>
              <span className="text-xs text-muted">{o.requiredPlan} plan</span>
            </DropdownMenuItem>
          ))}
        {onUpgrade && options.some((o) => !o.available) && (
          <DropdownMenuItem onSelect={onUpgrade} className="text-indigo-700 dark:text-indigo-300 [&_svg]:text-indigo-500">
            <Sparkles aria-hidden />
            See plans
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
