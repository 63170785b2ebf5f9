// Settings → Advanced → Custom domain (white-label, Enterprise): the host the account's readers' pages
// are served on, with what the DNS and the server need. Stored with the account, not on this device.
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Globe } from 'lucide-react';
import { PlanRequiredBadge } from '../../components/plan-features';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import { MSG } from '../../../shared/messages';
import { PLAN_LABELS } from '../../../shared/plans';

export function CustomDomainSettings() {
  const utils = trpc.useUtils();
  const state = trpc.domains.get.useQuery();
  const [host, setHost] = useState('');
  const done = (title: string) => (data: NonNullable<typeof state.data>) => {
    utils.domains.get.setData(undefined, data);
    setHost('');
    toast({ title });
  };
  const set = trpc.domains.set.useMutation({ onSuccess: done('Custom domain saved') });
  const remove = trpc.domains.remove.useMutation({ onSuccess: done('Custom domain removed') });
  const d = state.data;

  return (
    <div className="grid gap-3 px-5 py-4">
      <div>
        <p className="flex items-center gap-2 text-sm font-medium text-zinc-900 dark:text-zinc-100">
          <Globe className="size-4 text-zinc-400" aria-hidden /> Custom domain
        </p>
        <p className="mt-0.5 text-sm text-zinc-500 dark:text-zinc-400">
          Your readers&apos; pages (signup, past issues and their RSS feed, confirmation, unsubscribe) and the links in your issues on a domain of yours. Stored
          with your account.
        </p>
      </div>
      {!d ? null : !d.allowed ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <PlanRequiredBadge plan={PLAN_LABELS.enterprise} />
          <Link to="/upgrade" className="text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
            {MSG.upgradeYourPlan}
          </Link>
        </div>
      ) : (
        <>
          {d.host && (
            <div
              className="grid gap-1 rounded-md bg-zinc-50 p-3 text-sm text-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300"
              data-testid="custom-domain-current"
            >
              <p>
                Readers&apos; pages are served on <strong className="text-zinc-900 dark:text-zinc-100">{d.host}</strong>.
              </p>
              <p className="text-xs">
                DNS: a CNAME record for {d.host} pointing at {d.target}. The server&apos;s reverse proxy serves HTTPS for {d.host} and passes the Host header on
                (see README). Sign-in and the app stay on {d.target}.
              </p>
              <Button size="sm" variant="outline" className="justify-self-start" onClick={() => remove.mutate()} loading={remove.isPending}>
                Remove
              </Button>
            </div>
          )}
          <form
            className="flex flex-col gap-2 sm:flex-row"
            onSubmit={(e) => {
              e.preventDefault();
              set.mutate({ host });
            }}
          >
            <Input aria-label="Domain" placeholder="news.example.com" value={host} onChange={(e) => setHost(e.target.value)} maxLength={253} />
            <Button type="submit" loading={set.isPending} disabled={!host.trim()}>
              {d.host ? 'Change domain' : 'Use this domain'}
            </Button>
          </form>
          {set.isError && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {errorMessage(set.error)}
            </p>
          )}
        </>
      )}
    </div>
  );
}
