// Templates: the mail the product really sends, each previewed with sample data (HTML in a sandboxed
// frame without scripts, and the plain-text part).
import { useState } from 'react';
import { Eye, Mail } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/section-card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { EmptyState, ListError, ListSkeleton } from '../../components/ui/list-states';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { trpc } from '../../trpc';
import { MSG } from '../../../shared/messages';
import type { EmailScope } from '../../../shared/schemas/email-admin';

function Preview({ id, scope, onClose }: { id: string; scope: EmailScope; onClose: () => void }) {
  const q = trpc.emailAdmin.previewTemplate.useQuery({ id, scope });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{q.data?.name ?? 'Template preview'}</DialogTitle>
          <DialogDescription>Rendered with sample data (code 123456, a sample publication and links).</DialogDescription>
        </DialogHeader>
        {q.isLoading && <ListSkeleton rows={2} />}
        {q.isError && <ListError message={errorMessage(q.error)} onRetry={() => void q.refetch()} />}
        {q.data && (
          <div className="grid max-h-[70vh] gap-4 overflow-auto">
            <p className="text-sm">
              <span className="text-muted">Subject: </span>
              <span className="font-medium text-zinc-900 dark:text-zinc-100" data-testid="preview-subject">
                {q.data.subject}
              </span>
            </p>
            <section>
              <h3 className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">HTML part</h3>
              {q.data.html ? (
                <iframe
                  title="Template HTML"
                  sandbox=""
                  srcDoc={q.data.html}
                  referrerPolicy="no-referrer"
                  className="h-80 w-full rounded-lg border border-zinc-200 bg-white dark:border-zinc-800"
                />
              ) : (
                <p className="rounded-lg border border-dashed border-zinc-300 px-3 py-2 text-sm text-muted dark:border-zinc-700">
                  This mail is sent as plain text only; it has no HTML part.
                </p>
              )}
            </section>
            <section>
              <h3 className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">Text part</h3>
              <pre
                data-testid="preview-text"
                className="whitespace-pre-wrap break-words rounded-lg border border-zinc-200 bg-zinc-50 p-3 font-mono text-xs text-zinc-800 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-200"
              >
                {q.data.text}
              </pre>
            </section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

export function TemplatesTab({ scope }: { scope: EmailScope }) {
  const q = trpc.emailAdmin.listTemplates.useQuery({ scope });
  const [open, setOpen] = useState<string | null>(null);
  if (q.isLoading) return <ListSkeleton />;
  if (q.isError) return <ListError message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  const list = q.data?.data ?? [];
  if (list.length === 0) return <EmptyState icon={Mail} title={MSG.noEmailTemplates} body="The product sends no mail of its own yet." />;
  return (
    <>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {list.map((t) => (
          <SectionCard
            key={t.id}
            data-testid={`template-${t.id}`}
            title={t.name}
            action={
              <Badge tone="brand" className="capitalize">
                {t.category}
              </Badge>
            }
            contentClassName="grid gap-3 text-sm"
          >
            <p>
              <span className="text-muted">Subject: </span>
              <span className="text-zinc-900 dark:text-zinc-100">{t.subject}</span>
            </p>
            <p className="text-muted">{t.description}</p>
            <div className="flex items-center justify-between">
              <span className="text-xs text-muted">Last modified {formatDate(t.lastModified)}</span>
              <Button size="sm" variant="outline" onClick={() => setOpen(t.id)} aria-label={`Preview ${t.name}`}>
                <Eye aria-hidden /> Preview
              </Button>
            </div>
          </SectionCard>
        ))}
      </div>
      <p className="mt-4 text-xs text-muted">Onboarding mails appear here once the product sends them.</p>
      {open && <Preview id={open} scope={scope} onClose={() => setOpen(null)} />}
    </>
  );
}
