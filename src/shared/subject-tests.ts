// Subject tests' shared rules: how large each test group is, and when two subject lines are the same.
// The send dialog shows the sizes the server will draw.

export const SUBJECT_TEST_DISTINCT = 'Each subject line in a test must be different.';

/** One subject line as sent: whitespace collapsed, trimmed. */
export const normalSubject = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Whether the lines differ from each other (ignoring case and spacing). */
export const subjectsDistinct = (lines: string[]) => new Set(lines.map((s) => normalSubject(s).toLowerCase())).size === lines.length;

/** Readers per test group: the share of the list split evenly, at least one each while the list allows; the rest waits. */
export function groupSize(total: number, plan: { subjects: readonly unknown[]; sharePercent: number }): number {
  const n = plan.subjects.length;
  if (total === 0) return 0;
  return Math.min(Math.floor(total / n), Math.max(1, Math.round((total * plan.sharePercent) / 100 / n)));
}
