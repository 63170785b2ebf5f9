// Settings → Advanced → Custom domain (white-label, Enterprise): the host the account's readers' pages
// are served on, with what the DNS and the server need. A domain is used only once its TXT record proves
// the account holds it: until then Settings shows the record to publish and a Verify button. Stored with
// the account, not on this device.
import { useState } from 'react';
import { Globe } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast-store';
import { trpc } from '../../trpc';
import { PLAN_LABELS } from '../../../shared/plans';
import { AccountSection, FormError } from './account-section';

const BOX = 'grid gap-2 rounded-md bg-zinc-50 p-3 text-sm text-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300';
const STRONG = 'text-zinc-900 dark:text-zinc-100';
const CODE =
  'rounded bg-white px-1.5 py-0.5 font-mono text-xs break-all text-zinc-900 ring-1 ring-zinc-200 select-all dark:bg-zinc-900 dark:text-zinc-100 dark:ring-zinc-700';

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
  const verify = trpc.domains.verify.useMutation({ onSuccess: done('Domain verified') });
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
            <div className={BOX} data-testid="custom-domain-current">
              <p className="flex flex-wrap items-center gap-2">
                <span>
                  Readers&apos; pages are served on <strong className={STRONG}>{d.host}</strong>.
                </span>
                <Badge tone="success">Verified</Badge>
              </p>
              <p className="text-xs">
                DNS: a CNAME record for {d.host} pointing at {d.target}. The server&apos;s reverse proxy serves HTTPS for {d.host} and passes the Host header on
                (see README). Sign-in and the app stay on {d.target}.
              </p>
            </div>
          )}
          {d.pending && (
            <div className={BOX} data-testid="custom-domain-pending">
              <p className="flex flex-wrap items-center gap-2">
                <strong className={STRONG}>{d.pending.host}</strong>
                <Badge tone="warning">Not verified</Badge>
              </p>
              <p>Prove that the domain is yours: nothing is served on it, and your issues&apos; links stay on {d.host ?? d.target}, until it is verified.</p>
              <ol className="grid list-decimal gap-2 pl-5">
                <li>
                  At your DNS provider, add a TXT record named <code className={CODE}>{d.pending.record.name}</code> with the value{' '}
                  <code className={CODE}>{d.pending.record.value}</code>
                </li>
                <li>
                  Add a CNAME record for {d.pending.host} pointing at {d.target} (the server&apos;s reverse proxy serves HTTPS for it; see README).
                </li>
                <li>Press Verify. A new record can take up to an hour to be seen; you can try again.</li>
              </ol>
              <Button size="sm" className="justify-self-start" onClick={() => verify.mutate()} loading={verify.isPending}>
                Verify
              </Button>
              <FormError error={verify.error} />
            </div>
          )}
          {(d.host || d.pending) && (
            <Button size="sm" variant="outline" className="justify-self-start" onClick={() => remove.mutate()} loading={remove.isPending}>
              Remove
            </Button>
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
              {d.host || d.pending ? 'Change domain' : 'Use this domain'}
            </Button>
          </form>
          <FormError error={set.error} />
        </>
      )}
    </AccountSection>
  );
}
