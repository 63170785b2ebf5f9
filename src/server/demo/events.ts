// The protection demos' activity log: the last 50 demo events, newest first, in process memory.
// A module-level ring buffer is enough because this is demo data: it is shared by every visitor of the
// public demo pages, lost on restart, and holds no personal data (no names, addresses, messages or IPs),
// since anyone may read it through GET /api/demo/events.
import crypto from 'node:crypto';

export const DEMO_EVENT_CAPACITY = 50;

/** Pages that report visits and blocked actions (POST /api/demo/events takes only these). */
export const DEMO_PAGES = ['twofa-demo', 'security-demo', 'anti-scraping', 'protection-status'] as const;
export type DemoPage = (typeof DEMO_PAGES)[number];

/** What a browser may report; the server records the form outcomes itself. */
export const CLIENT_EVENT_KINDS = ['page_visit', 'copy_blocked', 'context_menu_blocked', 'shortcut_blocked', 'print_blocked', 'devtools_suspected'] as const;
export type ClientEventKind = (typeof CLIENT_EVENT_KINDS)[number];
export const DEMO_EVENT_KINDS = [...CLIENT_EVENT_KINDS, 'form_accepted', 'honeypot_triggered', 'code_verified', 'code_rejected'] as const;
type DemoEventKind = (typeof DEMO_EVENT_KINDS)[number];

export interface DemoEvent {
  id: string;
  at: string;
  kind: DemoEventKind;
  page: DemoPage;
  /** For a honeypot rejection, which trap fields were filled (their names, never their values). */
  fields?: string[];
}

export class DemoEventLog {
  private readonly items: (DemoEvent | undefined)[] = new Array(DEMO_EVENT_CAPACITY);
  private next = 0;
  private size = 0;

  record(e: Omit<DemoEvent, 'id' | 'at'>, now: Date): DemoEvent {
    const event: DemoEvent = { id: crypto.randomUUID(), at: now.toISOString(), ...e };
    this.items[this.next] = event;
    this.next = (this.next + 1) % DEMO_EVENT_CAPACITY;
    this.size = Math.min(this.size + 1, DEMO_EVENT_CAPACITY);
    return event;
  }

  /** The newest `limit` events, newest first. */
  latest(limit = DEMO_EVENT_CAPACITY): DemoEvent[] {
    const n = Math.min(Math.max(0, limit), this.size);
    const out: DemoEvent[] = [];
    for (let i = 1; i <= n; i++) out.push(this.items[(this.next - i + DEMO_EVENT_CAPACITY) % DEMO_EVENT_CAPACITY]!);
    return out;
  }

  clear() {
    this.items.fill(undefined);
    this.next = 0;
    this.size = 0;
  }
}

/** The one log of this process. */
export const demoEvents = new DemoEventLog();
