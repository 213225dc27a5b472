import type { LiveState } from "../../port";
import type { FinalScore, MarketSpec, Naming, Points, Scope, ScopeDist } from "../markets";
import type { Rng } from "../rng";

/**
 * One match of one sport: the markets it offers, what it says about the final score from where the match
 * stands, and how it is played. A model holds the live state of its match; pre-match, that state is the kick-off.
 */
export interface MatchModel {
  /** The markets of the match, lines chosen before the start; they live until it is settled. */
  readonly specs: MarketSpec[];
  /** Game time one `step` plays, in milliseconds. */
  readonly quantumMs: number;
  /** The distribution of a scope's final score from the current state. */
  dist(scope: Scope): ScopeDist;
  /** Plays one quantum of game time; true when something happened that suspends the markets (a goal…). */
  step(rng: Rng): boolean;
  finished(): boolean;
  /** The score of every scope so far (the final score once finished). */
  score(): FinalScore;
  live(): LiveState;
  /** A final score drawn straight from the pre-match model (the fast path of the hold simulation). */
  draw(rng: Rng): FinalScore;
  /** The same match with its result corrected (a goal taken back…), for the resettlement path. */
  correct(final: FinalScore, rng: Rng): FinalScore;
}

export interface MatchInput {
  naming: Naming;
  /** Ratings as z-scores within the championship (0 = its average). */
  home: number;
  away: number;
  /** A per-match nudge of the scoring level, so matches of one league do not all look alike. */
  tempo: number;
}

/** Poisson probabilities P(0..n) with n covering all but 1e-9 of the mass. */
export function poissonPmf(mean: number): number[] {
  const out: number[] = [];
  let p = Math.exp(-mean);
  let cdf = 0;
  for (let k = 0; k < 400; k++) {
    out.push(p);
    cdf += p;
    if (cdf > 1 - 1e-9 && k >= mean) break;
    p *= mean / (k + 1);
  }
  return out;
}

/** Marginals (difference, total) of a joint distribution. */
export function fromJoint(joint: Points): ScopeDist {
  const diff = new Map<number, number>();
  const total = new Map<number, number>();
  for (let i = 0; i < joint.p.length; i++) {
    const h = joint.x[i]!;
    const a = joint.y![i]!;
    const p = joint.p[i]!;
    diff.set(h - a, (diff.get(h - a) ?? 0) + p);
    total.set(h + a, (total.get(h + a) ?? 0) + p);
  }
  return { joint, diff: fromMap(diff), total: fromMap(total) };
}

export function fromMap(m: Map<number, number>): Points {
  const x = [...m.keys()].sort((a, b) => a - b);
  return { x, p: x.map((k) => m.get(k)!) };
}

/** A single certain value. */
export function pointMass(h: number, a: number, total = h + a): ScopeDist {
  return {
    joint: { x: [h], y: [a], p: [1] },
    diff: { x: [h - a], p: [1] },
    total: { x: [total], p: [1] },
  };
}

/** Independent Poisson goals on top of a current score. */
export function poissonJoint(h: number, a: number, meanH: number, meanA: number): ScopeDist {
  const ph = poissonPmf(meanH);
  const pa = poissonPmf(meanA);
  const joint: Points = { x: [], y: [], p: [] };
  for (let i = 0; i < ph.length; i++) {
    for (let j = 0; j < pa.length; j++) {
      const p = ph[i]! * pa[j]!;
      if (p < 1e-13) continue;
      joint.x.push(h + i);
      joint.y!.push(a + j);
      joint.p.push(p);
    }
  }
  return fromJoint(joint);
}

/** A tie split by what decides it (overtime, shoot-out, extra innings): the winner is credited one more. */
export function breakTies(dist: ScopeDist, homeShare: number): ScopeDist {
  const j = dist.joint!;
  const m = new Map<string, [number, number, number]>();
  const add = (h: number, a: number, p: number) => {
    const k = `${h}-${a}`;
    const e = m.get(k);
    if (e) e[2] += p;
    else m.set(k, [h, a, p]);
  };
  for (let i = 0; i < j.p.length; i++) {
    const h = j.x[i]!;
    const a = j.y![i]!;
    const p = j.p[i]!;
    if (h !== a) add(h, a, p);
    else {
      add(h + 1, a, p * homeShare);
      add(h, a + 1, p * (1 - homeShare));
    }
  }
  const joint: Points = { x: [], y: [], p: [] };
  for (const [h, a, p] of m.values()) {
    joint.x.push(h);
    joint.y!.push(a);
    joint.p.push(p);
  }
  return fromJoint(joint);
}

/** The half line whose over is closest to even money, from a total's distribution. */
export function balancedLine(total: Points, step: number, offset: number): number {
  let best = offset;
  let bestGap = Number.POSITIVE_INFINITY;
  const mean = total.x.reduce((s, x, i) => s + x * total.p[i]!, 0);
  for (let k = -12; k <= 12; k++) {
    const line = Math.round((mean + k * step - offset) / step) * step + offset;
    let over = 0;
    for (let i = 0; i < total.x.length; i++) if (total.x[i]! > line) over += total.p[i]!;
    const gap = Math.abs(over - 0.5);
    if (gap < bestGap) {
      bestGap = gap;
      best = line;
    }
  }
  return best;
}

/** The quarter-grid handicap (for home) that makes the two sides closest to even. */
export function balancedHandicap(diff: Points): number {
  let best = 0;
  let bestGap = Number.POSITIVE_INFINITY;
  const mean = diff.x.reduce((s, x, i) => s + x * diff.p[i]!, 0);
  const centre = Math.round(-mean * 4) / 4;
  for (let k = -16; k <= 16; k++) {
    const line = centre + k * 0.25;
    let win = 0;
    let lose = 0;
    for (let i = 0; i < diff.x.length; i++) {
      const v = diff.x[i]! + line;
      const p = diff.p[i]!;
      // Quarter lines count half; close enough to find the centre.
      if (v > 0.3) win += p;
      else if (v > 0) win += p / 2;
      else if (v < -0.3) lose += p;
      else if (v < 0) lose += p / 2;
    }
    const gap = Math.abs(win - lose);
    if (gap < bestGap - 1e-12) {
      bestGap = gap;
      best = line;
    }
  }
  return best;
}

/** mm:ss of a number of game seconds. */
export function mmss(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

export function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${s}`;
}

/** The standard normal distribution function (Zelen & Severo, error < 7.5e-8). */
export function normalCdf(z: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const d = 0.3989422804014327 * Math.exp((-z * z) / 2);
  const p =
    d * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return z > 0 ? 1 - p : p;
}

/** A normal distribution on the integers around `base` (continuity-corrected), or a point when sd is ~0. */
export function discreteNormal(base: number, mean: number, sd: number): Points {
  if (sd < 1e-6) return { x: [Math.round(base + mean)], p: [1] };
  const lo = Math.floor(mean - 6 * sd);
  const hi = Math.ceil(mean + 6 * sd);
  const x: number[] = [];
  const p: number[] = [];
  for (let k = lo; k <= hi; k++) {
    const q = normalCdf((k + 0.5 - mean) / sd) - normalCdf((k - 0.5 - mean) / sd);
    if (q <= 0) continue;
    x.push(base + k);
    p.push(q);
  }
  return { x, p };
}

/** The rating gap a model prices from: softly capped, so a mismatch stays a match a book can still price. */
export function ratingGap(input: MatchInput): number {
  return 2.2 * Math.tanh((input.home - input.away) / 2.2);
}
