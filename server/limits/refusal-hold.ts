/**
 * A refused request's 429 is sent after a short hold instead of at once.
 *
 * Why: a client that honours Retry-After never notices (it waits longer than the hold anyway), but a
 * script that asks again the moment it is refused would otherwise get thousands of refusals a second,
 * each a full trip through the HTTP stack. Measured with `npx tsx bench/abuse-load.ts`: 200 such loops
 * kept both cores busy answering 429s and made `/api/health` 50-60 times slower for everyone else.
 * Held, each loop sends about one request per hold, and a held reply costs only a timer.
 *
 * The hold never exceeds the Retry-After it sends, and at most `MAX_HELD` replies wait at once (beyond
 * that they go at once), so a flood cannot turn the holds themselves into a memory cost.
 */
const MAX_HELD = 10_000;

export class RefusalHold {
  private held = 0;

  constructor(private readonly holdMs: number) {}

  /** Resolves once this refusal may be sent: after the hold, or at once when the hold is off or full. */
  async wait(retryAfterSeconds: number): Promise<void> {
    const ms = Math.min(this.holdMs, retryAfterSeconds * 1000);
    if (ms <= 0 || this.held >= MAX_HELD) return;
    this.held++;
    try {
      await new Promise((resolve) => setTimeout(resolve, ms).unref());
    } finally {
      this.held--;
    }
  }

  get waiting(): number {
    return this.held;
  }
}
