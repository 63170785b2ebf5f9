// Where the client notes that a sender-verification code went to an address (sign-up mails one), so the
// code field opens at once wherever the address check is shown (the dashboard, step 5) within the code's life.
const SENT_KEY = 'curated:sender-code-sent';
const CODE_LIFE_MS = 15 * 60_000;

export function noteSenderCodeSent(email: string): void {
  try {
    sessionStorage.setItem(SENT_KEY, JSON.stringify({ email, at: Date.now() }));
  } catch {
    // Storage off: the creator presses "Send me a code" as before.
  }
}

export function senderCodeSentTo(email: string): boolean {
  try {
    const v = JSON.parse(sessionStorage.getItem(SENT_KEY) ?? 'null') as { email?: string; at?: number } | null;
    return v?.email === email && typeof v.at === 'number' && Date.now() - v.at < CODE_LIFE_MS;
  } catch {
    return false;
  }
}
