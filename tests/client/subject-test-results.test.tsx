// A subject test's verdict on /analytics says how sure the winner is without ever rounding up to
// certainty: a two-proportion test is never 100 % sure.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { SubjectTestResults } from '../../src/client/features/analytics/subject-test-results';
import { formatConfidence } from '../../src/client/lib/format';

function report(confidence: number) {
  return {
    rule: 'opens' as const,
    sharePercent: 20,
    waitHours: 4,
    variants: [
      { variant: 0, subject: 'Harbour reopens', recipients: 5000, opens: 2600, clicks: 300, rate: 0.52 },
      { variant: 1, subject: 'The harbour is back', recipients: 5000, opens: 1900, clicks: 210, rate: 0.38 },
    ],
    rest: 40_000,
    winner: { variant: 0, decidedAt: '2026-11-30T12:00:00Z', confidence, withinNoise: false, early: false },
    testEndsAt: '2026-11-30T12:00:00Z',
  };
}

describe('subject test verdict', () => {
  it('says "over 99.9 %" for 0.999999998, never "100 %"', () => {
    render(<SubjectTestResults report={report(0.999999998)} />);
    const verdict = screen.getByTestId('subject-test-verdict');
    expect(verdict.textContent).toContain('over 99.9 % sure it is really ahead');
    expect(verdict.textContent).not.toContain('100');
  });

  it('cuts the figure rather than rounding it up', () => {
    expect(formatConfidence(0.9995)).toBe('over 99.9 %');
    expect(formatConfidence(0.999)).toBe('99.9 %');
    expect(formatConfidence(0.9949)).toBe('99.4 %');
    expect(formatConfidence(0.956)).toBe('95 %');
    expect(formatConfidence(0.5)).toBe('50 %');
  });
});
