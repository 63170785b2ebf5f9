// Per-key concurrency gates for expensive work (assembly, exports, feed fetches): a user runs at most
// `inFlight` such calls at once and queues at most `waiting` more; anything beyond is refused with 429.
// A batch or a script of parallel calls then costs that user time, not the server everyone shares.
import { AppError } from './errors';

export interface GateLimits {
  inFlight: number;
  waiting: number;
  /** The 429 message when the queue is full. */
  message: string;
}

interface Lane {
  running: number;
  queue: (() => void)[];
}

export class ConcurrencyGate {
  private readonly lanes = new Map<string, Lane>();

  constructor(readonly limits: GateLimits) {}

  /**
   * Waits for a slot under `key` and returns the function that frees it. Each queued caller is woken on
   * a later turn of the event loop, so back-to-back CPU work of one user lets other requests through.
   */
  async acquire(key: string): Promise<() => void> {
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = { running: 0, queue: [] };
      this.lanes.set(key, lane);
    }
    if (lane.running < this.limits.inFlight) {
      lane.running += 1;
    } else {
      if (lane.queue.length >= this.limits.waiting) throw new AppError('TOO_MANY_REQUESTS', this.limits.message);
      const l = lane;
      await new Promise<void>((resolve) => l.queue.push(resolve));
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.handOff(key);
    };
  }

  async run<T>(key: string, fn: () => T | Promise<T>): Promise<T> {
    const release = await this.acquire(key);
    try {
      return await fn();
    } finally {
      release();
    }
  }

  /** Calls running or waiting under `key` (for tests and diagnostics). */
  load(key: string): { running: number; waiting: number } {
    const lane = this.lanes.get(key);
    return { running: lane?.running ?? 0, waiting: lane?.queue.length ?? 0 };
  }

  private handOff(key: string) {
    const lane = this.lanes.get(key)!;
    const next = lane.queue.shift();
    if (next) {
      // The slot passes straight to the next caller, after other pending I/O has had its turn.
      setImmediate(next);
      return;
    }
    lane.running -= 1;
    if (lane.running === 0) this.lanes.delete(key);
  }
}

export const BUSY_MESSAGE = 'You already have several of these running. Please wait for them to finish and try again.';

/** The gates of the app, by kind of expensive work. */
export function createGates() {
  return {
    // Rendering is synchronous CPU work: one at a time per user, handed off through the event loop.
    render: new ConcurrencyGate({ inFlight: 1, waiting: 10, message: BUSY_MESSAGE }),
    export: new ConcurrencyGate({ inFlight: 2, waiting: 4, message: BUSY_MESSAGE }),
    feeds: new ConcurrencyGate({ inFlight: 2, waiting: 4, message: BUSY_MESSAGE }),
    // The built-in engine's summaries and rankings are CPU work too.
    ai: new ConcurrencyGate({ inFlight: 1, waiting: 6, message: BUSY_MESSAGE }),
  };
}

export type Gates = ReturnType<typeof createGates>;
export type GateKind = keyof Gates;
