// The Subscribers page's CSV import: the file is checked first and its report (bad rows by line) shown
// before anything is written; then the valid rows are imported.
import { useRef, useState } from 'react';
import { Upload } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { type RouterOutputs } from '../../trpc';

type ImportReport = RouterOutputs['subscribers']['importCsv'];

async function uploadCsv(publicationId: string, csv: string, query: string): Promise<ImportReport> {
  const res = await fetch(`/api/uploads/subscribers?publicationId=${encodeURIComponent(publicationId)}&${query}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: csv,
    credentials: 'same-origin',
  });
  const body = (await res.json().catch(() => ({}))) as ImportReport & { message?: string };
  if (!res.ok) throw new Error(body.message || `Error: ${res.status} ${res.statusText}`);
  return body;
}

export function ImportPanel({ publicationId, onDone }: { publicationId: string; onDone: () => void }) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (text: string, query: string) => {
    setBusy(true);
    try {
      const r = await uploadCsv(publicationId, text, query);
      setReport(r);
      if (r.imported > 0) {
        toast({ title: r.message });
        onDone();
      }
    } catch (err) {
      toast({ title: 'Import failed', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="grid gap-3 rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <div>
        <Label htmlFor="csv-file">Import a CSV file</Label>
        <p className="text-xs text-muted">
          Columns “email”, “name” and optionally “tags” (several separated by ; or |), in any order, up to 100,000 rows. Nothing is written until you confirm.
        </p>
      </div>
      <input
        ref={fileRef}
        id="csv-file"
        type="file"
        accept=".csv,text/csv"
        className="text-sm"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          const text = await file.text();
          setCsv(text);
          await run(text, 'mode=check');
        }}
      />
      {report && (
        <div className="grid gap-2 text-sm" data-testid="import-report" aria-live="polite">
          <p className="font-medium text-zinc-900 dark:text-zinc-100">{report.message}</p>
          <ul className="grid grid-cols-2 gap-x-4 text-muted sm:grid-cols-3">
            <li>{report.rows.toLocaleString()} rows</li>
            <li>{report.valid.toLocaleString()} new</li>
            <li>{report.alreadySubscribed.toLocaleString()} already subscribed</li>
            <li>{report.duplicatesInFile.toLocaleString()} duplicates in the file</li>
            <li>{report.skippedUnsubscribed.toLocaleString()} left earlier (not re-added)</li>
            <li>{report.suppressed.toLocaleString()} suppressed</li>
            {report.overLimit > 0 && <li>{report.overLimit.toLocaleString()} over the plan’s limit</li>}
          </ul>
          {report.invalidCount > 0 && (
            <div className="rounded-md bg-red-50 p-2 text-red-800 dark:bg-red-500/10 dark:text-red-200">
              <p className="font-medium">{report.invalidCount.toLocaleString()} invalid rows</p>
              <ul className="mt-1 max-h-32 overflow-auto text-xs">
                {report.invalid.map((r) => (
                  <li key={r.line}>
                    Line {r.line}: {r.value || '(empty)'} — {r.reason}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {csv && report.imported === 0 && report.valid > 0 && (
            <Button onClick={() => void run(csv, report.invalidCount > 0 ? 'mode=import&skipInvalid=1' : 'mode=import')} loading={busy}>
              <Upload aria-hidden />
              {report.invalidCount > 0
                ? `Import the ${report.valid.toLocaleString()} valid rows, skip the bad ones`
                : `Import ${report.valid.toLocaleString()} subscribers`}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
