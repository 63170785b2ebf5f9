// The one server-backed switch on /settings: whether the signed-in user gets product news by e-mail.
import { Switch } from '../../components/ui/switch';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';

export function ProductNewsSwitch({ id }: { id: string }) {
  const utils = trpc.useUtils();
  const q = trpc.productNews.get.useQuery();
  const set = trpc.productNews.set.useMutation({
    onMutate: ({ optIn }) => utils.productNews.get.setData(undefined, { optIn }),
    onSuccess: (r) => {
      utils.productNews.get.setData(undefined, r);
      toast({ title: r.optIn ? 'Product news turned on' : 'Product news turned off', variant: 'success' });
    },
    onError: (err) => {
      void utils.productNews.get.invalidate();
      toast({ title: 'Not changed', description: errorMessage(err), variant: 'destructive' });
    },
  });
  return <Switch id={id} checked={q.data?.optIn ?? false} disabled={!q.data || set.isPending} onCheckedChange={(optIn) => set.mutate({ optIn })} />;
}
