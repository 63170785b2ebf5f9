// Email delivery test (spec §2, §3): one real message through every configured system provider on its
// own; per provider the message id or the error, advice derived from the results, and DNS guidance.
import { useState, type FormEvent } from 'react';
import { CheckCircle2, CircleMinus, Play, XCircle } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { SectionCard } from '../../components/ui/section-card';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/field';
import { PageSpinner } from '../../components/ui/spinner';
import { errorMessage, isNetworkError } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { trpc, type RouterOutputs } from '../../trpc';
import { useCurrentUser } from '../auth';
import { MSG } from '../../../shared/messages';
import { DELIVERY_TEST_KINDS, type DeliveryTestKind } from '../../../shared/schemas/email-admin';

const NAMES: Record<DeliveryTestKind, string> = { brevo: 'Brevo', resend: 'Resend', bigscoots: 'SMTP', mailgun: 'Mailgun', postmark: 'Postmark' };

const DNS = [
  { name: 'SPF', record: 'TXT @ "v=spf1 include:<your provider> ~all"', why: 'Lists the servers allowed to send for your domain.' },
  { name: 'DKIM', record: 'TXT <selector>._domainkey "v=DKIM1; k=rsa; p=<public key>"', why: 'Signs each message; the provider gives you the record.' },
  { name: 'DMARC', record: 'TXT _dmarc "v=DMARC1; p=quarantine; rua=mailto:dmarc@<your domain>"', why: 'Tells receivers what to do when SPF or DKIM fail.' },
];

type DeliveryTest = RouterOutputs['emailAdmin']['runDeliveryTest'];

function ProviderResults({ data }: { data: DeliveryTest }) {
  return (
    <SectionCard
      title="Results"
      description={
        <>
          {data.message} · {formatDateTime(data.results.timestamp)}
        </>
      }
    >
      <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {DELIVERY_TEST_KINDS.map((k) => {
          const r = data.results[k];
          const Icon = !r.configured ? CircleMinus : r.success ? CheckCircle2 : XCircle;
          const tone = !r.configured ? 'text-muted' : r.success ? 'text-emerald-600' : 'text-red-600';
          return (
            <li key={k} className="flex items-start gap-3 px-4 py-3" data-testid={`result-${k}`}>
              <Icon className={`mt-0.5 size-4 shrink-0 ${tone}`} aria-hidden />
              <div className="min-w-0 text-sm">
                <p className="font-medium text-zinc-900 dark:text-zinc-100">
                  {NAMES[k]}: {!r.configured ? 'not configured' : r.success ? 'success' : 'failed'}
                </p>
                <p className="break-all text-xs text-muted">{r.success ? `Message id ${r.messageId}` : r.error}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </SectionCard>
  );
}

function DnsGuide() {
  return (
    <SectionCard
      title="DNS records for deliverability"
      description="Publish these for the domain you send from; your provider shows the exact values."
      className="mt-6"
    >
      <ul className="grid gap-3">
        {DNS.map((d) => (
          <li key={d.name} className="text-sm">
            <p className="font-medium text-zinc-900 dark:text-zinc-100">{d.name}</p>
            <code className="block break-all rounded bg-zinc-100 px-2 py-1 font-mono text-xs text-zinc-800 dark:bg-zinc-950 dark:text-zinc-200">
              {d.record}
            </code>
            <p className="text-xs text-muted">{d.why}</p>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

function RunForm({ defaultEmail, onRun }: { defaultEmail: string; onRun: (data: DeliveryTest | undefined) => void }) {
  const [email, setEmail] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = trpc.emailAdmin.runDeliveryTest.useMutation({
    // A new run clears the last results until it answers.
    onMutate: () => {
      setError(null);
      onRun(undefined);
    },
    onSuccess: (data) => onRun(data),
    onError: (err) => setError(isNetworkError(err) ? MSG.deliveryTestFailed : errorMessage(err, MSG.deliveryTestFailed)),
  });
  const address = email ?? defaultEmail;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!address.trim()) return setError(MSG.quickTestMissing);
    run.mutate({ email: address });
  };
  return (
    <Card className="mb-6">
      <CardContent className="p-5">
        <form className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={submit} noValidate>
          <Field htmlFor="delivery-email" label="Send the test to" className="grid flex-1 gap-1.5">
            <Input id="delivery-email" type="email" value={address} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          <Button type="submit" loading={run.isPending}>
            <Play aria-hidden /> Run test
          </Button>
        </form>
        {error && (
          <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

export function DeliveryTestPage() {
  const user = useCurrentUser();
  const [data, setData] = useState<DeliveryTest | undefined>();
  if (!user) return <PageSpinner />;
  if (!user.isStaff)
    return (
      <>
        <PageHeader title="Email Delivery Test" />
        <p className="rounded-xl border border-zinc-200 bg-white px-6 py-10 text-center text-sm text-muted dark:border-zinc-800 dark:bg-zinc-900/60">
          The delivery test sends through the system&apos;s mail providers and is for staff only.
        </p>
      </>
    );
  return (
    <>
      <PageHeader title="Email Delivery Test" description="Sends one real test message through every configured mail provider, each on its own." />
      <RunForm defaultEmail={user.email} onRun={setData} />
      {data && (
        <div className="grid gap-6" data-testid="delivery-results">
          <ProviderResults data={data} />
          <SectionCard title="Recommendations">
            <ul className="grid gap-2 text-sm text-zinc-700 dark:text-zinc-300">
              <li>{data.recommendations.general}</li>
              <li>{data.recommendations.brevo}</li>
              <li>{data.recommendations.bigscoots}</li>
            </ul>
          </SectionCard>
        </div>
      )}

      <DnsGuide />
    </>
  );
}
