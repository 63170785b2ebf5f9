// Direct email test (spec §2): a quick test to one address, a custom HTML email (sanitised by the
// server before it leaves), and the SMTP connection facts. Staff may mail anyone; others themselves.
import { useState, type FormEvent } from 'react';
import { Mail, Send, Server, type LucideIcon } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/section-card';
import { Input, Textarea } from '../../components/ui/input';
import { Field } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import { useCurrentUser } from '../auth';
import { MSG } from '../../../shared/messages';

type Outcome = { ok: boolean; text: string } | null;

function Result({ outcome, testId }: { outcome: Outcome; testId: string }) {
  if (!outcome) return null;
  return (
    <p role="status" data-testid={testId} className={outcome.ok ? 'text-sm text-emerald-700 dark:text-emerald-300' : 'text-sm text-red-600 dark:text-red-400'}>
      {outcome.text}
    </p>
  );
}

function sendHandlers(failMsg: string, set: (o: Outcome) => void) {
  return {
    onSuccess: (r: { success: boolean; message: string }) => {
      set({ ok: r.success, text: r.message });
      toast({ title: r.success ? 'Sent' : failMsg, description: r.message, variant: r.success ? 'success' : 'destructive' });
    },
    onError: (err: unknown) => {
      const text = errorMessage(err, failMsg);
      set({ ok: false, text });
      toast({ title: failMsg, description: text, variant: 'destructive' });
    },
  };
}

/** A card title after its small icon. */
function IconTitle({ icon: Icon, children }: { icon: LucideIcon; children: string }) {
  return (
    <>
      <Icon className="size-4" aria-hidden /> {children}
    </>
  );
}

function QuickTest({ placeholder }: { placeholder: string }) {
  const [quickTo, setQuickTo] = useState('');
  const [quick, setQuick] = useState<Outcome>(null);
  const quickSend = trpc.emailAdmin.sendQuickTest.useMutation(sendHandlers(MSG.testEmailFailed, setQuick));
  const submitQuick = (e: FormEvent) => {
    e.preventDefault();
    if (!quickTo.trim()) return setQuick({ ok: false, text: MSG.quickTestMissing });
    quickSend.mutate({ to: quickTo });
  };
  return (
    <SectionCard title="Quick test" description="A short test message to one address.">
      <form className="grid gap-3" onSubmit={submitQuick} noValidate>
        <Field htmlFor="quick-to" label="Email address" className="grid gap-1.5">
          <Input id="quick-to" type="email" value={quickTo} placeholder={placeholder} onChange={(e) => setQuickTo(e.target.value)} />
        </Field>
        <div>
          <Button type="submit" loading={quickSend.isPending}>
            <Send aria-hidden /> Send quick test
          </Button>
        </div>
        <Result outcome={quick} testId="quick-result" />
      </form>
    </SectionCard>
  );
}

function SmtpFacts() {
  return (
    <SectionCard
      title={<IconTitle icon={Server}>SMTP connection</IconTitle>}
      titleClassName="flex items-center gap-2"
      description="What a mail client or server needs to send through an SMTP service."
    >
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted">Port</dt>
        <dd className="font-medium text-zinc-900 dark:text-zinc-100">587</dd>
        <dt className="text-muted">Encryption</dt>
        <dd className="font-medium text-zinc-900 dark:text-zinc-100">STARTTLS</dd>
        <dt className="text-muted">Authentication</dt>
        <dd className="font-medium text-zinc-900 dark:text-zinc-100">User name and password of the SMTP service</dd>
      </dl>
    </SectionCard>
  );
}

function CustomEmail() {
  const [to, setTo] = useState('');
  const [subject, setSubject] = useState('');
  const [html, setHtml] = useState('');
  const [custom, setCustom] = useState<Outcome>(null);
  const customSend = trpc.emailAdmin.sendCustom.useMutation(sendHandlers(MSG.sendEmailFailed, setCustom));
  const submitCustom = (e: FormEvent) => {
    e.preventDefault();
    if (!to.trim() || !subject.trim() || !html.trim()) return setCustom({ ok: false, text: MSG.customEmailMissing });
    customSend.mutate({ to, subject, htmlContent: html });
  };
  return (
    <SectionCard
      title={<IconTitle icon={Mail}>Custom email</IconTitle>}
      titleClassName="flex items-center gap-2"
      description="Scripts, forms, frames and event attributes are removed before sending; a plain-text part is made from the HTML."
      className="lg:col-span-2"
    >
      <form className="grid gap-3" onSubmit={submitCustom} noValidate>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field htmlFor="custom-to" label="To" className="grid gap-1.5">
            <Input id="custom-to" type="email" value={to} onChange={(e) => setTo(e.target.value)} />
          </Field>
          <Field htmlFor="custom-subject" label="Subject" className="grid gap-1.5">
            <Input id="custom-subject" value={subject} maxLength={200} onChange={(e) => setSubject(e.target.value)} />
          </Field>
        </div>
        <Field htmlFor="custom-html" label="HTML content" className="grid gap-1.5">
          <Textarea
            id="custom-html"
            className="min-h-40 font-mono text-xs"
            value={html}
            onChange={(e) => setHtml(e.target.value)}
            placeholder="<h1>Hello</h1><p>…</p>"
          />
        </Field>
        <div>
          <Button type="submit" loading={customSend.isPending}>
            <Send aria-hidden /> Send email
          </Button>
        </div>
        <Result outcome={custom} testId="custom-result" />
      </form>
    </SectionCard>
  );
}

export function EmailTestPage() {
  const user = useCurrentUser();
  const staff = user?.isStaff ?? false;
  return (
    <>
      <PageHeader
        title="Email Test"
        description={
          staff ? 'Send test mail through the system mail chain to any address.' : `Send test mail to your own address${user ? ` (${user.email})` : ''}.`
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <QuickTest placeholder={user?.email ?? 'you@example.com'} />
        <SmtpFacts />
        <CustomEmail />
      </div>
    </>
  );
}
