// Lead magnet (spec §4): 'Sending...', then /thank-you — on success, on error, or after 3 s without reply.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { MSG } from '../../../shared/messages';
import { trpc } from '../../trpc';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';

export const LEAD_REDIRECT_MS = 3000;

export function LeadForm() {
  const navigate = useNavigate();
  const subscribe = trpc.leads.subscribe.useMutation();
  const [sending, setSending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const done = useRef(false);

  useEffect(() => () => clearTimeout(timer.current), []);

  const finish = () => {
    if (done.current) return;
    done.current = true;
    clearTimeout(timer.current);
    void navigate({ to: '/thank-you' });
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    setSending(true);
    timer.current = setTimeout(finish, LEAD_REDIRECT_MS);
    subscribe.mutate(
      { email: String(data.get('email') ?? ''), firstName: String(data.get('firstName') ?? '') },
      {
        onSettled: finish,
        onError: (err) => console.error('Newsletter signup failed', err),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="grid w-full gap-3 sm:grid-cols-2" aria-label="Get the newsletter guide">
      <label className="sr-only" htmlFor="lead-first-name">
        First name
      </label>
      <Input id="lead-first-name" name="firstName" autoComplete="given-name" placeholder="First name" disabled={sending} />
      <label className="sr-only" htmlFor="lead-email">
        Email address
      </label>
      <Input id="lead-email" name="email" type="email" required autoComplete="email" placeholder="you@example.com" disabled={sending} />
      <Button type="submit" variant="inverse" className="sm:col-span-2" disabled={sending}>
        {sending ? (
          MSG.sending
        ) : (
          <>
            Send me the guide <ArrowRight aria-hidden />
          </>
        )}
      </Button>
    </form>
  );
}
