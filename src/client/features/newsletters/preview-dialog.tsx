// Read-only preview of a saved newsletter: its stored email HTML in a sandboxed iframe (no scripts,
// no same-origin), so feed-derived markup can never touch the app. Desktop or mobile width.
import { Monitor, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { getTheme } from '../../../shared/themes';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import { escapeHtml } from '../../../shared/html';

type Width = 'desktop' | 'mobile';
const FRAME = 'h-[min(600px,60dvh)]';

export function PreviewDialog({ id, onOpenChange }: { id: string | null; onOpenChange: (open: boolean) => void }) {
  const draft = trpc.drafts.get.useQuery({ id: id ?? '' }, { enabled: id !== null });
  const [width, setWidth] = useState<Width>('desktop');
  const d = draft.data;
  const meta = d
    ? [d.subject || null, d.theme ? (getTheme(d.theme)?.name ?? d.theme) : null, `${d.articleCount} article${d.articleCount === 1 ? '' : 's'}`]
    : [];
  return (
    <Dialog open={id !== null} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[calc(100dvh-2rem)] flex-col p-4 sm:max-w-3xl sm:p-6">
        <DialogHeader>
          <DialogTitle>{d?.title ?? 'Newsletter preview'}</DialogTitle>
          <DialogDescription>{d ? meta.filter(Boolean).join(' · ') : 'Read-only preview'}</DialogDescription>
        </DialogHeader>
        <Tabs value={width} onValueChange={(v) => setWidth(v as Width)} className="mb-3">
          <TabsList aria-label="Preview width">
            <TabsTrigger value="desktop" className="gap-1.5">
              <Monitor className="size-4" aria-hidden /> Desktop
            </TabsTrigger>
            <TabsTrigger value="mobile" className="gap-1.5">
              <Smartphone className="size-4" aria-hidden /> Mobile
            </TabsTrigger>
          </TabsList>
        </Tabs>
        <div className="relative min-h-0 flex-1 overflow-hidden rounded-lg border border-zinc-200 bg-zinc-100 dark:border-zinc-800 dark:bg-zinc-950">
          {draft.isPending ? (
            <div className={cn('flex items-center justify-center text-indigo-600', FRAME)}>
              <Spinner size="lg" label="Loading preview" />
            </div>
          ) : draft.isError ? (
            <p role="alert" className={cn('flex items-center justify-center p-6 text-center text-sm text-red-600', FRAME)}>
              {errorMessage(draft.error)}
            </p>
          ) : d && (d.htmlContent || d.content) ? (
            <iframe
              title={`Preview of ${d.title}`}
              sandbox=""
              srcDoc={d.htmlContent || `<pre style="white-space:pre-wrap;font:14px/1.5 system-ui;padding:16px">${escapeHtml(d.content)}</pre>`}
              className={cn('mx-auto block bg-white transition-[width]', FRAME, width === 'mobile' ? 'w-[375px] max-w-full' : 'w-full')}
            />
          ) : (
            <p className={cn('flex items-center justify-center p-6 text-center text-sm text-muted', FRAME)}>This newsletter has no content yet.</p>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
