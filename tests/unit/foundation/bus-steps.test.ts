// The Postgres bus's pieces that need no server: a notification handed to its channel's subscribers,
// and the growing wait before the listening connection is made again.
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { notificationHandler, reconnectDelay } from '../../../src/server/bus';

const note = (channel: string, payload?: string) => ({ processId: 1, channel, payload }) as pg.Notification;

describe('notificationHandler', () => {
  it("hands a message's payload to its channel; one without a payload is ignored", () => {
    const emitter = new EventEmitter();
    const got: unknown[] = [];
    emitter.on('curated_jobs', (p) => got.push(p));
    const handle = notificationHandler(emitter, { warn() {}, error() {} });
    handle(note('curated_jobs', '{"from":"p2"}'));
    handle(note('curated_jobs'));
    expect(got).toEqual([{ from: 'p2' }]);
  });

  it('a payload that cannot be read, or a subscriber that throws, is logged and nothing else', () => {
    const emitter = new EventEmitter();
    emitter.on('curated_ai_jobs', () => {
      throw new Error('subscriber failed');
    });
    const errors: string[] = [];
    const handle = notificationHandler(emitter, { warn() {}, error: (msg) => errors.push(msg) });
    expect(() => handle(note('curated_jobs', '{not json'))).not.toThrow();
    expect(() => handle(note('curated_ai_jobs', '{"id":"g1"}'))).not.toThrow();
    expect(errors).toEqual(['bus: a curated_jobs message could not be handled', 'bus: a curated_ai_jobs message could not be handled']);
  });
});

describe('reconnectDelay', () => {
  it('doubles up to 5 s and stays there', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(reconnectDelay)).toEqual([100, 250, 500, 1_000, 2_000, 5_000, 5_000, 5_000]);
  });
});
