// A token bucket that spaces calls to honour a provider's messages-per-second limit.
export class Pace {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.tokens = Math.max(perSecond, 1);
    this.last = clock();
  }

  /** Resolves when `n` messages may go; immediately when there is no limit. */
  async take(n: number): Promise<void> {
    if (this.perSecond <= 0) return;
    for (;;) {
      const now = this.clock();
      this.tokens = Math.min(Math.max(this.perSecond, n), this.tokens + ((now - this.last) / 1000) * this.perSecond);
      this.last = now;
      if (this.tokens >= n) {
        this.tokens -= n;
        return;
      }
      await new Promise((r) => setTimeout(r, Math.ceil(((n - this.tokens) / this.perSecond) * 1000)));
    }
  }
}
