// Step 4's date-range rule: either field may be empty, and only a range with both ends set can be the
// wrong way round.
import { describe, it, expect } from 'vitest';
import { RANGE_INVERTED, RANGE_UNREADABLE, rangeFrom } from '../../../src/client/features/workflow/date-range';

const now = new Date('2026-05-10T12:00:00');
const iso = (local: string) => new Date(local).toISOString();

describe('rangeFrom', () => {
  it('is no range when both fields are empty', () => {
    expect(rangeFrom('', '', now)).toEqual({ ok: true, range: null });
  });

  it('runs from After up to now when only After is set', () => {
    expect(rangeFrom('2026-05-09T08:30', '', now)).toEqual({ ok: true, range: { start: iso('2026-05-09T08:30'), end: now.toISOString() } });
  });

  it('accepts an After later than now on its own (nothing can match, yet nothing is the wrong way round)', () => {
    expect(rangeFrom('2026-05-11T09:00', '', now)).toEqual({ ok: true, range: { start: iso('2026-05-11T09:00'), end: iso('2026-05-11T09:00') } });
  });

  it('runs from the beginning when only Before is set, even before any After could be', () => {
    expect(rangeFrom('', '2026-05-01T00:00', now)).toEqual({ ok: true, range: { start: new Date(0).toISOString(), end: iso('2026-05-01T00:00') } });
  });

  it('accepts After before or equal to Before', () => {
    expect(rangeFrom('2026-05-01T00:00', '2026-05-02T00:00', now)).toEqual({
      ok: true,
      range: { start: iso('2026-05-01T00:00'), end: iso('2026-05-02T00:00') },
    });
    expect(rangeFrom('2026-05-01T00:00', '2026-05-01T00:00', now).ok).toBe(true);
  });

  it('refuses After later than Before with the message', () => {
    expect(rangeFrom('2026-05-03T00:00', '2026-05-02T23:59', now)).toEqual({ ok: false, error: RANGE_INVERTED });
    expect(RANGE_INVERTED).toBe("The 'After' date must come before the 'Before' date.");
  });

  it('refuses an unreadable date without blaming the order', () => {
    expect(rangeFrom('not a date', '', now)).toEqual({ ok: false, error: RANGE_UNREADABLE });
  });
});
