// The read-only preview of a publication shared with the user: the newsletter as its last save
// assembles it, in a sandboxed frame (no scripts). Viewers get this instead of the workflow.
import { MSG } from '../../../shared/messages';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';

export function SharedPreviewDialog({ publication, onClose }: { publication: { id: string; name: string; ownerName: string } | null; onClose: () => void }) {
  const preview = trpc.team.preview.useQuery({ publicationId: publication?.id ?? '' }, { enabled: !!publication, retry: false });
  return (
    <Dialog open={publication !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{publication?.name}</DialogTitle>
          <DialogDescription>Read-only preview of {publication?.ownerName}’s newsletter as last saved.</DialogDescription>
        </DialogHeader>
        {preview.isPending ? (
          <div className="flex justify-center py-16">
            <Spinner label="Loading preview" />
          </div>
        ) : preview.isError ? (
          <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
            {errorMessage(preview.error, MSG.pageErrorBody)}
          </p>
        ) : (
          <div className="overflow-hidden rounded-lg border border-zinc-200 bg-zinc-100 dark:border-zinc-800">
            <iframe
              title="Newsletter preview"
              sandbox=""
              srcDoc={preview.data.data.webHtml}
              referrerPolicy="no-referrer"
              className="block h-[60vh] w-full bg-white"
            />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
