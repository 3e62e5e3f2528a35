/**
 * mulberry32: a tiny seeded generator. The same seed gives the same sequence on every run, so the
 * sample data, the bench data set and each cover's pattern come out the same way every time.
 */
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

/** mulberry32's numbers in the shapes the sample-data generators draw. */
export class SeededRandom {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  /** In [0, 1). */
  float(): number {
    return this.next();
  }
  /** Integer in [0, max). */
  below(max: number): number {
    return Math.floor(this.next() * max);
  }
  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  /** k distinct items, in random order. */
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = [...items];
    const n = Math.min(k, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, n);
  }
  /** n sorted instants strictly between from and to (ms). */
  times(from: number, to: number, n: number): number[] {
    return Array.from({ length: n }, () => from + this.next() * (to - from))
      .map(Math.round)
      .sort((a, b) => a - b);
  }
  /** `length` random bytes (the random part of a reproducible uuid v7). */
  bytes(length: number): Uint8Array {
    const bytes = new Uint8Array(length);
    for (let i = 0; i < length; i++) bytes[i] = Math.floor(this.next() * 256);
    return bytes;
  }
}
