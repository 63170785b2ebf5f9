// OPML import: the feeds a reader already follows elsewhere become the user's channels, listed under
// 'Your channels' to pick from (importing does not select them, so the plan's limit is not touched).
import { useRef } from 'react';
import { Upload } from 'lucide-react';
import { buttonClass } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';

const MAX_BYTES = 512 * 1024;

export function ImportOpml() {
  const input = useRef<HTMLInputElement>(null);
  const utils = trpc.useUtils();
  const importOpml = trpc.channels.importOpml.useMutation({
    onSuccess: (res) => {
      void utils.channels.listMine.invalidate();
      toast({
        title: `Imported ${res.imported} channel${res.imported === 1 ? '' : 's'}`,
        description:
          res.failed.length > 0
            ? `${res.failed.length} could not be read: ${res.failed
                .slice(0, 3)
                .map((f) => f.url)
                .join(', ')}`
            : 'Pick them under Your channels.',
        variant: res.imported === 0 ? 'destructive' : 'default',
      });
    },
    onError: (err) => toast({ title: 'OPML import failed', description: errorMessage(err), variant: 'destructive' }),
  });

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_BYTES) return void toast({ title: 'OPML import failed', description: 'The file is larger than 512 KB.', variant: 'destructive' });
    importOpml.mutate({ opml: await file.text() });
    if (input.current) input.current.value = '';
  };

  return (
    <div className="flex items-center gap-3">
      <input
        ref={input}
        id="opml-file"
        type="file"
        accept=".opml,.xml,text/xml,application/xml,text/x-opml"
        className="peer sr-only"
        onChange={(e) => void onFile(e.target.files?.[0])}
        disabled={importOpml.isPending}
      />
      <label htmlFor="opml-file" className={buttonClass('outline', 'sm', 'cursor-pointer')}>
        {importOpml.isPending ? <Spinner size="sm" /> : <Upload aria-hidden />} Import OPML file
      </label>
      <span className="text-xs text-muted">Bring the feeds you follow in another reader.</span>
    </div>
  );
}
