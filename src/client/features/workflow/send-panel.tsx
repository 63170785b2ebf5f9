// Sending from step 5: a test to the user's own address (the send bar's "Send test to me"), or to up
// to 10 typed addresses (comma or new line separated, validated here and again on the server). Results
// arrive as a toast. Other people's addresses need a verified account address: until then the form is
// locked behind the inline check.
import { useState } from 'react';
import { Send } from 'lucide-react';
import { ReasonButton } from '../../components/ui/reason-button';
import { Textarea } from '../../components/ui/input';
import { FieldError, Label } from '../../components/ui/label';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import { MSG } from '../../../shared/messages';
import type { UserDtoShape } from '../../../shared/schemas/user';
import { VERIFY_MESSAGE_ID, VerifyEmail } from './verify-email';
import type { AssembleRequest, SendResult } from './types';

export const MAX_ADDRESSES = 10;
const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/** Splits on commas, semicolons and new lines; reports the first problem in the spec's plain words. */
export function parseAddresses(text: string): { addresses: string[]; error: string | null } {
  const addresses = [
    ...new Set(
      text
        .split(/[,;\n\r]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (addresses.length === 0) return { addresses, error: MSG.quickTestMissing };
  const bad = addresses.find((a) => !EMAIL.test(a));
  if (bad) return { addresses, error: `Not a valid email address: ${bad}` };
  if (addresses.length > MAX_ADDRESSES) return { addresses, error: `Send to at most ${MAX_ADDRESSES} addresses at a time` };
  return { addresses, error: null };
}

function report(res: SendResult, fallback: string) {
  const where = res.transport === 'outbox' ? ' (kept in the outbox: no mail server is configured)' : '';
  if (res.failed.length === 0) {
    toast({
      title: res.sent.length === 1 ? `Newsletter sent to ${res.sent[0].to}` : `Newsletter sent to ${res.sent.length} addresses`,
      description: `“${res.subject}”${where}`,
    });
  } else {
    toast({
      title: res.sent.length > 0 ? `Sent to ${res.sent.length}, failed for ${res.failed.length}` : fallback,
      description: res.failed.map((f) => `${f.to}: ${f.message}`).join('; '),
      variant: 'destructive',
    });
  }
}

/** Why a send button is off, in the creator's words; null when it is on. */
export const WAIT_FOR_PREVIEW = 'Wait until the preview is assembled';
export const VERIFY_FIRST = 'Verify your e-mail address first';

export function SendTestButton({ request, disabled, className }: { request: () => AssembleRequest; disabled: boolean; className?: string }) {
  const sendTest = trpc.email.sendTest.useMutation({
    onSuccess: (res) => report(res, MSG.testEmailFailed),
    onError: (err) => toast({ title: MSG.testEmailFailed, description: errorMessage(err, MSG.testEmailFailed), variant: 'destructive' }),
  });
  return (
    <ReasonButton
      variant="secondary"
      className={className}
      onClick={() => sendTest.mutate(request())}
      loading={sendTest.isPending}
      disabled={disabled}
      reason={sendTest.isPending ? MSG.sending : WAIT_FOR_PREVIEW}
    >
      {!sendTest.isPending && <Send aria-hidden />} Send test to me
    </ReasonButton>
  );
}

export function SendToAddresses({
  request,
  user,
  disabled,
}: {
  /** The publication and what this session has not stored yet: the server assembles the rest from the stored workflow. */
  request: () => AssembleRequest;
  user: UserDtoShape;
  disabled: boolean;
}) {
  const verified = user.emailVerified;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const sendMany = trpc.email.sendToAddresses.useMutation({
    onSuccess: (res) => {
      report(res, MSG.sendEmailFailed);
      if (res.failed.length === 0) setText('');
    },
    onError: (err) => toast({ title: MSG.sendEmailFailed, description: errorMessage(err, MSG.sendEmailFailed), variant: 'destructive' }),
  });

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      {!verified && <VerifyEmail email={user.email} focusNext={() => document.getElementById('send-addresses')} />}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (disabled || !verified || sendMany.isPending) return;
          const parsed = parseAddresses(text);
          setError(parsed.error);
          if (!parsed.error) sendMany.mutate({ ...request(), addresses: parsed.addresses });
        }}
      >
        <Label htmlFor="send-addresses">Recipient addresses</Label>
        <Textarea
          id="send-addresses"
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={3}
          placeholder={'ana@example.com, ben@example.com'}
          aria-describedby={[!verified && VERIFY_MESSAGE_ID, 'send-addresses-hint', error && 'send-addresses-error'].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          disabled={!verified}
        />
        <p id="send-addresses-hint" className="mt-1 text-xs text-muted">
          Separate addresses with commas or new lines (at most {MAX_ADDRESSES}).
        </p>
        <FieldError id="send-addresses-error">{error}</FieldError>
        <ReasonButton
          type="submit"
          variant="outline"
          className="mt-2 w-full"
          loading={sendMany.isPending}
          disabled={disabled || !verified}
          reason={sendMany.isPending ? MSG.sending : !verified ? VERIFY_FIRST : WAIT_FOR_PREVIEW}
        >
          Send to addresses
        </ReasonButton>
      </form>
    </div>
  );
}
