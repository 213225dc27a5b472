/**
 * The simulator's only source of chance: small seeded generators, one per purpose (a day's schedule, an
 * event's live play), so that the same seed and the same clock give the same schedule, prices and scores.
 */

/** A uniform number in [0, 1). */
export type Rng = () => number;

/** A 32-bit hash of the parts (FNV-1a, then a final avalanche), used to derive one generator's seed. */
export function seedOf(...parts: Array<string | number>): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const text = `${part}|`;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** mulberry32: tiny, fast and good enough for play (not for anything a player could exploit). */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Poisson draw by inversion (the means here are small or moderate). */
export function poissonDraw(rng: Rng, mean: number): number {
  if (mean <= 0) return 0;
  if (mean > 60) return Math.max(0, Math.round(mean + Math.sqrt(mean) * normalDraw(rng)));
  let k = 0;
  let p = Math.exp(-mean);
  let cdf = p;
  const u = rng();
  while (u > cdf && k < 1000) {
    k++;
    p *= mean / k;
    cdf += p;
  }
  return k;
}

/** A standard normal draw (Box–Muller). */
export function normalDraw(rng: Rng): number {
  const u = Math.max(rng(), 1e-12);
  const v = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Fisher–Yates on a copy. */
export function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
