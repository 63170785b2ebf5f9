// The demo pages call the documented REST paths (/api/demo/*, /api/honeypot, /api/auth/check) with
// fetch rather than tRPC: they demonstrate those paths, and the status page reads response headers.
import { useQuery } from '@tanstack/react-query';
import type { RouterInputs, RouterOutputs } from '../../trpc';
import { MSG } from '../../../shared/messages';

type DemoRouter = RouterInputs['demo'];
export type DemoPage = DemoRouter['recordEvent']['page'];
/** What a page may report; the server records the form and code outcomes itself. */
export type ClientEventKind = DemoRouter['recordEvent']['kind'];
type DemoEvent = RouterOutputs['demo']['events']['events'][number];

async function json<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!res.ok || !body) throw new Error(body?.message ?? MSG.unknownError);
  return body;
}

const post = (path: string, body: unknown) =>
  fetch(path, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export async function submitDemoForm(body: Record<string, string>) {
  return json<{ success: true; message: string }>(await post('/api/demo/submit', body));
}

/** Reports a visit or a blocked action; the log is best effort, so failures are ignored. */
export function recordDemoEvent(kind: ClientEventKind, page: DemoPage) {
  post('/api/demo/events', { kind, page }).catch(() => {});
}

export const DEMO_POLL_MS = 3000;

/** The last 10 demo events, newest first, polled every 3 s. */
export function useDemoEvents() {
  return useQuery({
    queryKey: ['demo', 'events'],
    queryFn: async () => (await json<{ events: DemoEvent[] }>(await fetch('/api/demo/events?limit=10', { credentials: 'include' }))).events,
    refetchInterval: DEMO_POLL_MS,
    retry: false,
  });
}

export const EVENT_LABELS: Record<DemoEvent['kind'], string> = {
  page_visit: 'Page visited',
  copy_blocked: 'Copy blocked',
  context_menu_blocked: 'Context menu blocked',
  shortcut_blocked: 'Shortcut blocked',
  print_blocked: 'Print blocked',
  devtools_suspected: 'Developer tools suspected',
  form_accepted: 'Form accepted',
  honeypot_triggered: 'Bot caught by honeypot',
  code_verified: 'Two-factor code verified',
  code_rejected: 'Two-factor code rejected',
};
