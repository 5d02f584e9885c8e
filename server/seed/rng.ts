/**
 * Seeded randomness. Every product draws from its own stream, derived from the catalogue seed and
 * its SKU, so a product's stock, dates and specials do not change when the catalogue grows or when
 * another family gains a size: the same seed and SKU always give the same product.
 */

/** mulberry32: tiny, fast and good enough for demo data (not for anything secret). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over the label, mixed with the seed: a stable 32-bit seed for one named stream. */
export function deriveSeed(seed: number, label: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * A seeded stream with the helpers the generator needs. A class rather than closures: one is made per
 * product, and at 100,000 products the per-instance closures showed up in the garbage collector.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1): mulberry32, inlined. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number from min to max, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }
}

export function createRng(seed: number): Rng {
  return new Rng(seed);
}

/** The stream for one named thing (a SKU, "blog", "banners") under the catalogue seed. */
export function rngFor(seed: number, label: string): Rng {
  return createRng(deriveSeed(seed, label));
}
