// Testing: one test message from one of the product's three sender addresses, through the scope's
// mail chain (spec §2, §5). Staff may send anywhere; accounts only to their own verified address.
import { useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/section-card';
import { Input, Select } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import { MSG } from '../../../shared/messages';
import type { EmailScope } from '../../../shared/schemas/email-admin';

export function TestingTab({ scope, isStaff, ownEmail }: { scope: EmailScope; isStaff: boolean; ownEmail: string }) {
  const utils = trpc.useUtils();
  const senders = trpc.emailAdmin.listSenders.useQuery({ scope });
  const [from, setFrom] = useState('');
  const [to, setTo] = useState(isStaff ? '' : ownEmail);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const send = trpc.emailAdmin.sendTest.useMutation({
    onSuccess: (r) => {
      setResult({ ok: r.success, text: r.message });
      if (r.success) toast({ title: 'Test email sent', variant: 'success' });
      else toast({ title: MSG.testEmailFailed, description: r.message, variant: 'destructive' });
      void utils.emailAdmin.getMetrics.invalidate();
    },
    onError: (err) => {
      const text = errorMessage(err, MSG.testEmailFailed);
      setResult({ ok: false, text });
      toast({ title: MSG.testEmailFailed, description: text, variant: 'destructive' });
    },
  });
  const chosenFrom = from || senders.data?.senders[0] || '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosenFrom.trim() || !to.trim()) {
      setResult({ ok: false, text: MSG.testEmailMissing });
      toast({ title: MSG.testEmailMissing, variant: 'destructive' });
      return;
    }
    send.mutate({ scope, from: chosenFrom, to });
  };

  return (
    <SectionCard
      title="Send a test email"
      description={
        isStaff
          ? 'Goes through the mail chain shown on the Overview tab, falling back to the next service if one fails.'
          : `Goes through your mail chain to your own address (${ownEmail}); staff only for arbitrary recipients.`
      }
      className="max-w-2xl"
    >
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <div className="grid gap-1.5">
          <Label htmlFor="test-from">From</Label>
          <Select id="test-from" value={chosenFrom} onChange={(e) => setFrom(e.target.value)} disabled={!senders.data}>
            {(senders.data?.senders ?? []).map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="test-to">To</Label>
          <Input id="test-to" type="email" placeholder="someone@example.com" value={to} onChange={(e) => setTo(e.target.value)} autoComplete="email" />
        </div>
        <div className="flex items-center gap-3">
          <Button type="submit" loading={send.isPending}>
            <Send aria-hidden /> Send Test Email
          </Button>
        </div>
        {result && (
          <p
            role="status"
            data-testid="test-result"
            className={result.ok ? 'text-sm text-emerald-700 dark:text-emerald-300' : 'text-sm text-red-600 dark:text-red-400'}
          >
            {result.text}
          </p>
        )}
      </form>
    </SectionCard>
  );
}
