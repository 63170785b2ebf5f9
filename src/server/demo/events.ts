// The protection demos' activity log: the last 50 demo events, newest first, in process memory.
// A module-level ring buffer is enough because this is demo data: it is shared by every visitor of the
// public demo pages, lost on restart, and holds no personal data (no names, addresses, messages or IPs),
// since anyone may read it through GET /api/demo/events.
import crypto from 'node:crypto';

import { DEMO_EVENT_CAPACITY, type DemoEvent } from '../../shared/schemas/demo';

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
