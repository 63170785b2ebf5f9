// Helpers for benchmark output: medians, formatting and budget lines.
export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Runs fn `warmup` times untimed, then `runs` times; returns the median in ms. */
export async function timeMedian(fn: () => unknown, runs = 30, warmup = 5): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return median(times);
}

export function report(label: string, value: string, budget?: { ok: boolean; text: string }) {
  const status = budget ? ` [${budget.ok ? 'OK' : 'OVER'} ${budget.text}]` : '';
  console.log(`${label.padEnd(52)} ${value}${status}`);
}

export const ms = (v: number) => `${v.toFixed(2)} ms`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
