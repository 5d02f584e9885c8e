/**
 * The arithmetic of a shaped network link, apart from any socket: a link sends one piece at a time
 * at its bit rate, and a piece reaches the far end one way's latency (half the round trip) after its
 * last bit left. Flows (one per request) take turns piece by piece, as TCP flows share a bottleneck,
 * so a large reply does not hold a small one back until it is through.
 */

export interface LinkProfile {
  name: string;
  /** Bits per second towards the browser. */
  downBitsPerSecond: number;
  /** Bits per second from the browser. */
  upBitsPerSecond: number;
  /** Round-trip time, ms. */
  rttMs: number;
}

/**
 * Issue 32's phone connection: 1.6 Mbps down and 150 ms round trip, as Lighthouse's mobile "Slow 4G";
 * its 750 kbps up for the requests.
 */
export const SLOW_4G: LinkProfile = { name: 'Slow 4G', downBitsPerSecond: 1_600_000, upBitsPerSecond: 750_000, rttMs: 150 };

/** Small enough that flows interleave finely (20 ms at 1.6 Mbps), large enough to keep timers few. */
export const PIECE_BYTES = 4096;

/** Milliseconds a link at `bitsPerSecond` takes to send `bytes`. */
export const sendMs = (bytes: number, bitsPerSecond: number): number => (bytes * 8 * 1000) / bitsPerSecond;

/** `bytes` cut into pieces of at most `size` (a last, shorter one for the rest). */
export function pieceSizes(bytes: number, size = PIECE_BYTES): number[] {
  const pieces: number[] = [];
  for (let left = bytes; left > 0; left -= size) pieces.push(Math.min(size, left));
  return pieces;
}

/**
 * One direction of the link as a clock: when each piece leaves and arrives. A piece starts when the
 * previous one has left or when it was queued, whichever is later, so a timer that fires late does
 * not slow the link down (the next piece starts when the last one was due to end, not when that was seen).
 */
export class LinkClock {
  private freeAt = -Infinity;

  constructor(
    private readonly bitsPerSecond: number,
    private readonly oneWayMs: number,
  ) {}

  /**
   * Sends a piece of `bytes` queued at `queuedAt` (not when a timer got round to it): when its last bit
   * has left, and when it arrives.
   */
  send(bytes: number, queuedAt: number): { leftAt: number; arrivesAt: number } {
    const start = Math.max(queuedAt, this.freeAt);
    this.freeAt = start + sendMs(bytes, this.bitsPerSecond);
    return { leftAt: this.freeAt, arrivesAt: this.freeAt + this.oneWayMs };
  }
}

/** Flows waiting to send, served one piece each in turn (round robin), in the order they first queued. */
export class TakeTurns<T> {
  private readonly queues = new Map<number, T[]>();

  add(flow: number, item: T): void {
    const queue = this.queues.get(flow);
    if (queue) queue.push(item);
    else this.queues.set(flow, [item]);
  }

  /** The next flow's first item; the flow goes to the back of the line while it has more. */
  next(): T | undefined {
    for (const [flow, queue] of this.queues) {
      this.queues.delete(flow);
      const item = queue.shift();
      if (queue.length) this.queues.set(flow, queue);
      if (item !== undefined) return item;
    }
    return undefined;
  }

  get size(): number {
    return this.queues.size;
  }

  drop(flow: number): void {
    this.queues.delete(flow);
  }
}
