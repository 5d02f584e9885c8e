type Typed = Int32Array | Float32Array | Uint8Array;

/** An append-only typed array that doubles when full. */
export class Growable<T extends Typed> {
  data: T;
  length = 0;

  constructor(
    private readonly make: (size: number) => T,
    initial = 1024,
  ) {
    this.data = make(Math.max(16, initial));
  }

  push(value: number): void {
    if (this.length === this.data.length) this.resize(this.data.length * 2);
    this.data[this.length++] = value;
  }

  /**
   * Makes room for `size` values in one step. A large build that knows roughly how much it will
   * push saves the chain of doubled copies, each left to the garbage collector as off-heap memory.
   */
  reserve(size: number): void {
    if (size > this.data.length) this.resize(size);
  }

  /** What was pushed, as its own array when the buffer is mostly empty, else as a view of it. */
  toArray(): T {
    return (this.length * 10 >= this.data.length * 9 ? this.data.subarray(0, this.length) : this.data.slice(0, this.length)) as T;
  }

  private resize(size: number): void {
    const grown = this.make(size);
    grown.set(this.data.subarray(0, this.length));
    this.data = grown;
  }
}

export const int32s = (initial?: number) => new Growable((n) => new Int32Array(n), initial);
export const float32s = (initial?: number) => new Growable((n) => new Float32Array(n), initial);
export const uint8s = (initial?: number) => new Growable((n) => new Uint8Array(n), initial);
