// "Add a channel by site address": the server discovers the site's feed (or reads the feed address
// itself), keeps it in the user's channels, and the channel is selected here.
import { useState } from 'react';
import { Link2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { FieldError, Label } from '../../components/ui/label';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import type { Channel } from '../../../shared/schemas/content';
import { ImportOpml } from './import-opml';

export function AddChannel({ canAdd, onLimit, onAdded }: { canAdd: boolean; onLimit: () => void; onAdded: (c: Channel) => void }) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const add = trpc.channels.add.useMutation({
    onSuccess: (channel) => {
      setUrl('');
      void utils.channels.listMine.invalidate();
      onAdded(channel);
    },
    onError: (err) => setError(errorMessage(err, 'This address could not be added. Please try again.')),
  });

  return (
    <form
      className="self-start rounded-lg border border-dashed border-zinc-300 p-4 dark:border-zinc-700"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        if (!url.trim()) return setError('Please enter a site or feed address');
        if (!canAdd) return onLimit();
        add.mutate({ url: url.trim() });
      }}
    >
      <Label htmlFor="channel-address">Add a channel by site address</Label>
      <p id="channel-address-hint" className="mb-2 text-xs text-muted">
        Paste a website or feed address; we find its RSS, Atom or JSON feed.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id="channel-address"
          type="url"
          inputMode="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://example.com"
          maxLength={2048}
          aria-describedby={error ? 'channel-address-hint channel-address-error' : 'channel-address-hint'}
          aria-invalid={error ? true : undefined}
        />
        <Button type="submit" variant="secondary" loading={add.isPending}>
          {!add.isPending && <Link2 aria-hidden />} Add Channel
        </Button>
      </div>
      <FieldError id="channel-address-error">{error}</FieldError>
      <div className="mt-3 border-t border-zinc-200 pt-3 dark:border-zinc-800">
        <ImportOpml />
      </div>
    </form>
  );
}
