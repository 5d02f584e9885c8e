/**
 * Long-lived connections (the change stream) held at once, per client address and in all, in this
 * process. A stream costs no CPU while idle, but each is a socket, a heartbeat timer and listeners on
 * every catalogue and order change, so one client must not be able to hold thousands.
 */
export class ConnectionSlots {
  private readonly perAddress = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly maxPerAddress: number,
    private readonly maxTotal: number,
  ) {}

  /** A slot for `address`, with its release (safe to call more than once), or undefined when a cap is reached. */
  take(address: string): (() => void) | undefined {
    const held = this.perAddress.get(address) ?? 0;
    if (held >= this.maxPerAddress || this.total >= this.maxTotal) return undefined;
    this.perAddress.set(address, held + 1);
    this.total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left > 0) this.perAddress.set(address, left);
      else this.perAddress.delete(address);
    };
  }

  get open(): number {
    return this.total;
  }
}
