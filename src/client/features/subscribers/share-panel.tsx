// The Subscribers page's "Share your signup page": the hosted signup page's address to copy, and the
// RSS feed of sent issues.
import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast-store';
import { trpc } from '../../trpc';
import { LOADED } from '../../lib/page-data';
import { Panel } from '../../components/panel';

/** `compact`: step 5's prompt while the publication has no readers (the address and its copy button only). */
export function SharePanel({ publicationId, compact = false }: { publicationId: string; compact?: boolean }) {
  const share = trpc.subscribers.share.useQuery({ publicationId }, LOADED);
  const [copied, setCopied] = useState(false);
  const utils = trpc.useUtils();
  // Copying or opening the address is what the dashboard's "Share your signup page" counts (kept on the server).
  const shared = trpc.dashboard.markShared.useMutation({ onSuccess: (c) => utils.dashboard.checklist.setData(undefined, c) });
  const markShared = () => shared.mutate({ publicationId });
  if (!share.data) return null;
  const { signupUrl, feedUrl } = share.data;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(signupUrl);
      setCopied(true);
      markShared();
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ title: 'Could not copy', description: 'Select the address and copy it by hand.', variant: 'destructive' });
    }
  };
  const copyButton = (
    <Button variant="outline" size="icon" onClick={() => void copy()} aria-label={copied ? 'Copied' : 'Copy the signup page address'}>
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
    </Button>
  );
  if (compact) {
    return (
      <div className="grid gap-1.5 rounded-lg border border-dashed border-zinc-300 p-3 text-sm dark:border-zinc-700">
        <p className="text-zinc-700 dark:text-zinc-300">No readers yet: share your signup page, and readers who confirm get this issue.</p>
        <div className="flex items-center gap-2">
          <Input readOnly aria-label="Signup page address" value={signupUrl} onFocus={(e) => e.currentTarget.select()} className="min-w-0 flex-1" />
          {copyButton}
        </div>
      </div>
    );
  }
  return (
    <Panel headingId="share-heading" title="Share your signup page">
      <p className="text-muted">Readers sign up here and confirm by e-mail; past issues are listed below the form.</p>
      <div className="flex items-center gap-2">
        <Input readOnly aria-label="Signup page address" value={signupUrl} onFocus={(e) => e.currentTarget.select()} className="min-w-0 flex-1" />
        {copyButton}
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        <a className="text-indigo-700 hover:underline dark:text-indigo-300" href={signupUrl} target="_blank" rel="noreferrer" onClick={markShared}>
          Open the signup page
        </a>
        <a className="text-indigo-700 hover:underline dark:text-indigo-300" href={feedUrl}>
          RSS feed of sent issues
        </a>
      </div>
    </Panel>
  );
}
