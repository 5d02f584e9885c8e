type Typed = Int32Array | Float32Array;

/** An append-only typed array that doubles when full. */
export class Growable<T extends Typed> {
  data: T;
  length = 0;

  constructor(private readonly make: (size: number) => T) {
    this.data = make(1024);
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = this.make(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }

  /** A right-sized copy of what was pushed. */
  toArray(): T {
    return this.data.slice(0, this.length) as T;
  }
}

export const int32s = () => new Growable((n) => new Int32Array(n));
export const float32s = () => new Growable((n) => new Float32Array(n));
