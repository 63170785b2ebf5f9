// Read-only preview of a saved newsletter: its stored email HTML in a sandboxed iframe (no scripts,
// no same-origin), so feed-derived markup can never touch the app.
import { getTheme } from '../../../shared/themes';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';

export function PreviewDialog({ id, onOpenChange }: { id: string | null; onOpenChange: (open: boolean) => void }) {
  const draft = trpc.drafts.get.useQuery({ id: id ?? '' }, { enabled: id !== null });
  const d = draft.data;
  return (
    <Dialog open={id !== null} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[calc(100dvh-2rem)] flex-col sm:max-w-3xl p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>{d?.title ?? 'Newsletter preview'}</DialogTitle>
          <DialogDescription>
            {d ? [d.subject || null, d.theme ? getTheme(d.theme)?.name ?? d.theme : null, `${d.articleCount} article${d.articleCount === 1 ? '' : 's'}`].filter(Boolean).join(' · ') : 'Read-only preview'}
          </DialogDescription>
        </DialogHeader>
        <div className="relative min-h-0 flex-1 overflow-hidden rounded-lg border border-zinc-200 bg-white dark:border-zinc-800">
          {draft.isPending ? (
            <div className="flex h-[min(600px,60dvh)] items-center justify-center text-indigo-600">
              <Spinner size="lg" label="Loading preview" />
            </div>
          ) : draft.isError ? (
            <p role="alert" className="flex h-[min(600px,60dvh)] items-center justify-center p-6 text-center text-sm text-red-600">
              {errorMessage(draft.error)}
            </p>
          ) : d && (d.htmlContent || d.content) ? (
            <iframe
              title={`Preview of ${d.title}`}
              sandbox=""
              srcDoc={d.htmlContent || `<pre style="white-space:pre-wrap;font:14px/1.5 system-ui;padding:16px">${escapeHtml(d.content)}</pre>`}
              className="block h-[min(600px,60dvh)] w-full bg-white"
            />
          ) : (
            <p className="flex h-[min(600px,60dvh)] items-center justify-center p-6 text-center text-sm text-zinc-500">This newsletter has no content yet.</p>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}
