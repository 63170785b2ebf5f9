// Settings → Advanced → Custom domain (white-label, Enterprise): the host the account's readers' pages
// are served on, with what the DNS and the server need. Stored with the account, not on this device.
import { useState } from 'react';
import { Globe } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast-store';
import { trpc } from '../../trpc';
import { PLAN_LABELS } from '../../../shared/plans';
import { AccountSection, FormError } from './account-section';

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
    <AccountSection
      icon={Globe}
      title="Custom domain"
      requiredPlan={d && !d.allowed ? PLAN_LABELS.enterprise : null}
      description="Your readers' pages (signup, past issues and their RSS feed, confirmation, unsubscribe) and the links in your issues on a domain of yours. Stored with your account."
    >
      {d && (
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
          <FormError error={set.error} />
        </>
      )}
    </AccountSection>
  );
}
