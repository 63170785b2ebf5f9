// Adding one reader by hand from the Subscribers page.
import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';

export function AddSubscriber({ publicationId, onDone }: { publicationId: string; onDone: () => void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const add = trpc.subscribers.add.useMutation({
    onSuccess: (s) => {
      toast({ title: `${s.email} added` });
      setEmail('');
      setName('');
      onDone();
    },
    onError: (err) => toast({ title: 'Could not add the subscriber', description: errorMessage(err), variant: 'destructive' }),
  });
  return (
    <form
      className="grid gap-2 rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate({ publicationId, email, name });
      }}
    >
      <Label htmlFor="sub-email">Add a subscriber</Label>
      <Input id="sub-email" type="email" required placeholder="reader@example.com" value={email} onChange={(e) => setEmail(e.target.value)} />
      <Input aria-label="Name (optional)" placeholder="Name (optional)" value={name} onChange={(e) => setName(e.target.value)} />
      <Button type="submit" loading={add.isPending}>
        <UserPlus aria-hidden /> Add
      </Button>
    </form>
  );
}
