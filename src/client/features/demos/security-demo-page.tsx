// /security-demo: what protects the demo pages, and a contact form with hidden honeypot fields that
// the server checks (POST /api/demo/submit refuses a submission that fills any of them).
import { Bot, CircleCheck, ClipboardX, EyeOff, Printer, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { PublicPage } from '../../components/public-layout';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/section-card';
import { Input, Textarea } from '../../components/ui/input';
import { FieldError, Label } from '../../components/ui/label';
import { errorMessage } from '../../lib/errors';
import { useTitle } from '../../lib/use-title';
import { submitDemoForm } from './demo-api';
import { HONEYPOT_FIELDS } from '../../../shared/schemas/demo';
import { ProtectedArea } from './protected-area';

const PROTECTIONS = [
  { icon: ClipboardX, title: 'No copying', text: 'Text selection, the context menu and Ctrl/Cmd+C, U, S and P are blocked on this page.' },
  { icon: Printer, title: 'No printing', text: 'A printed copy shows a notice instead of the content.' },
  { icon: EyeOff, title: 'Developer tools', text: 'When docked developer tools make the window much larger than the page, the content blurs.' },
  { icon: Bot, title: 'Honeypot fields', text: 'The form below carries hidden fields people never see; bots fill them and are refused.' },
];

type Fields = { name: string; email: string; message: string } & Record<(typeof HONEYPOT_FIELDS)[number], string>;
const EMPTY: Fields = {
  name: '',
  email: '',
  message: '',
  ...(Object.fromEntries(HONEYPOT_FIELDS.map((f) => [f, ''])) as Record<(typeof HONEYPOT_FIELDS)[number], string>),
};

export function SecurityDemoPage() {
  useTitle('Security Demo');
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [missing, setMissing] = useState<string | null>(null);
  const submit = useMutation({ mutationFn: submitDemoForm, onSuccess: () => setFields(EMPTY) });
  const set = (k: keyof Fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [k]: e.target.value }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!fields.name.trim() || !fields.email.trim() || !fields.message.trim()) {
      setMissing('Please fill in your name, email and message.');
      return;
    }
    setMissing(null);
    submit.mutate(fields);
  };
  const error = missing ?? (submit.error ? errorMessage(submit.error) : null);

  return (
    <PublicPage title="Security Demo" lead="The protections a page can take against copying and bots, live on this page.">
      <ProtectedArea page="security-demo">
        <ul className="grid gap-4 sm:grid-cols-2">
          {PROTECTIONS.map((p) => (
            <li key={p.title} className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900/60">
              <p className="flex items-center gap-2 font-medium text-zinc-900 dark:text-white">
                <p.icon className="size-4 text-indigo-600 dark:text-indigo-400" aria-hidden />
                {p.title}
              </p>
              <p className="mt-1 text-sm text-muted">{p.text}</p>
            </li>
          ))}
        </ul>

        <SectionCard
          title="Protected contact form"
          description="All fields are required. Nothing you type is stored: the demo logs only whether a submission passed."
          className="mt-10"
        >
          <form className="space-y-4" onSubmit={onSubmit} noValidate aria-label="Protected contact form">
            <div>
              <Label htmlFor="demo-name">Name</Label>
              <Input id="demo-name" name="name" autoComplete="name" maxLength={100} required value={fields.name} onChange={set('name')} />
            </div>
            <div>
              <Label htmlFor="demo-email">Email</Label>
              <Input id="demo-email" name="email" type="email" autoComplete="email" maxLength={254} required value={fields.email} onChange={set('email')} />
            </div>
            <div>
              <Label htmlFor="demo-message">Message</Label>
              <Textarea id="demo-message" name="message" maxLength={2000} required value={fields.message} onChange={set('message')} />
            </div>
            {/* Honeypots: off-screen, out of the tab order and hidden from assistive technology. */}
            <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
              {HONEYPOT_FIELDS.map((f) => (
                <label key={f}>
                  {f}
                  <input type="text" name={f} tabIndex={-1} autoComplete="off" value={fields[f]} onChange={set(f)} />
                </label>
              ))}
            </div>
            <FieldError id="demo-form-error">{error}</FieldError>
            {submit.isSuccess && (
              <p role="status" className="flex items-center gap-2 text-sm text-emerald-700 dark:text-emerald-400">
                <CircleCheck className="size-4" aria-hidden />
                {submit.data.message}
              </p>
            )}
            <Button type="submit" loading={submit.isPending}>
              <ShieldCheck aria-hidden />
              Submit
            </Button>
          </form>
        </SectionCard>
      </ProtectedArea>
    </PublicPage>
  );
}
