/**
 * Each house game's stated RTP, checked two ways: exactly (the paytable's math) and by simulating 1,000,000
 * rounds. The simulation draws floats from a fast seeded generator with the stream's granularity (multiples of
 * 2^-32), because the pure-JS HMAC takes ~10 µs a round; a separate run through the real HMAC stream checks
 * that it gives the same return. Tolerance: the simulated return must lie within 5 standard errors of the
 * exact one (the standard error measured in the run; a false alarm is about 1 in 1.7 million), and the
 * standard error itself is stated per game so a tolerance too loose to mean anything fails too.
 */
import { describe, expect, it } from "vitest";
import { type FloatSource, streamOf } from "../provably-fair";
import {
  CRASH_RTP,
  crashCentsOfBits,
  crashReachChance,
  DICE_RTP,
  diceMultiplier,
  diceWinningRolls,
  LIMBO_RTP,
  MINES_TILES,
  MULTIPLIER_SCALE,
  minePositions,
  minesMultiplier,
  PLINKO_RISKS,
  PLINKO_ROWS,
  playDice,
  playLimbo,
  playPlinko,
  playSlot,
  plinkoRtp,
  SLOT_RTP_PERCENT,
  slotRtp,
} from ".";

const ROUNDS = 1_000_000;

/** xoshiro128** seeded by splitmix32: 32-bit outputs as floats n / 2^32, like the HMAC stream's. */
function fastSource(seed: number): FloatSource & { int(n: number): number } {
  let a = seed | 0;
  const next32 = () => {
    a = (a + 0x9e3779b9) | 0;
    let z = a;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let s0 = next32();
  let s1 = next32();
  let s2 = next32();
  let s3 = next32();
  const next = () => {
    const r = Math.imul(((Math.imul(s1, 5) << 7) | (Math.imul(s1, 5) >>> 25)) >>> 0, 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = (s3 << 11) | (s3 >>> 21);
    return r / 2 ** 32;
  };
  const source = ((count: number) => Array.from({ length: count }, next)) as FloatSource & {
    int(n: number): number;
  };
  source.int = (n) => Math.floor(next() * n);
  return source;
}

/** Mean return per unit staked, and its standard error, of `rounds` draws of `play`. */
function simulate(rounds: number, play: () => number) {
  let sum = 0;
  let sq = 0;
  for (let i = 0; i < rounds; i++) {
    const x = play();
    sum += x;
    sq += x * x;
  }
  const mean = sum / rounds;
  const se = Math.sqrt((sq / rounds - mean * mean) / rounds);
  return { mean, se };
}

function expectWithin(sim: { mean: number; se: number }, exact: number, maxSe: number) {
  expect(sim.se).toBeLessThan(maxSe);
  expect(Math.abs(sim.mean - exact)).toBeLessThanOrEqual(5 * sim.se);
}

// A million rounds take 5–10 s on an idle core and several times that on a busy one (CI's unit run hit the
// 30 s default): pure computation, so the limit only has to catch a hang.
describe("house games: stated RTP (exact, and 1,000,000 simulated rounds each)", { timeout: 180_000 }, () => {
  it("dice returns 99% on every target and direction", () => {
    for (const direction of ["under", "over"] as const) {
      for (let target = 2; target <= 98; target += 0.5) {
        const bet = { target, direction };
        const exact = (diceWinningRolls(bet) / 10001) * (diceMultiplier(bet)! / MULTIPLIER_SCALE);
        expect(exact).toBeLessThanOrEqual(DICE_RTP + 1e-12);
        expect(exact).toBeGreaterThan(DICE_RTP - 0.0001);
      }
    }
    const src = fastSource(1);
    const targets = [5, 25, 49.5, 75, 95];
    const sim = simulate(ROUNDS, () => {
      const bet = { target: targets[src.int(5)]!, direction: src.int(2) ? "under" : "over" } as const;
      return playDice(src, bet).multiplier / MULTIPLIER_SCALE;
    });
    expectWithin(sim, DICE_RTP, 0.005);
  });

  it("dice through the real HMAC stream returns the same (100,000 bets)", () => {
    const serverSeed = "a1".repeat(32);
    const sim = simulate(100_000, () => {
      const nonce = Math.floor(Math.random() * 2 ** 31);
      return (
        playDice(streamOf({ serverSeed, clientSeed: "sim", nonce }), { target: 50, direction: "over" })
          .multiplier / MULTIPLIER_SCALE
      );
    });
    expectWithin(sim, DICE_RTP, 0.005);
  });

  it("limbo returns 99% whatever the target", () => {
    const src = fastSource(2);
    const targets = [1.01, 1.5, 2, 3, 10];
    const sim = simulate(ROUNDS, () => playLimbo(src, targets[src.int(5)]!).multiplier / MULTIPLIER_SCALE);
    expectWithin(sim, LIMBO_RTP, 0.005);
  });

  it("mines: each cash-out point returns at most 99%; simulated play agrees", () => {
    const binom = (n: number, k: number) => {
      let r = 1;
      for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
      return r;
    };
    const exactOf = (mines: number, safe: number) =>
      (minesMultiplier(mines, safe) / MULTIPLIER_SCALE) * (binom(25 - mines, safe) / binom(25, safe));
    for (let mines = 1; mines < MINES_TILES; mines++) {
      for (let safe = 1; safe <= MINES_TILES - mines; safe++) {
        expect(exactOf(mines, safe)).toBeLessThanOrEqual(0.99 + 1e-9);
        expect(exactOf(mines, safe)).toBeGreaterThan(0.98);
      }
    }
    // A player choosing one of these (mines, tiles to open) plans at random, opening tiles 0, 1, 2 …
    const plans = [
      ...[1, 2, 3, 4, 5].map((s) => [1, s]),
      ...[1, 2, 3, 4, 5].map((s) => [3, s]),
      ...[1, 2, 3, 4].map((s) => [5, s]),
      ...[1, 2, 3].map((s) => [10, s]),
      [24, 1],
    ] as [number, number][];
    const exact = plans.reduce((sum, [m, s]) => sum + exactOf(m, s), 0) / plans.length;
    const src = fastSource(3);
    const sim = simulate(ROUNDS, () => {
      const [mines, safe] = plans[src.int(plans.length)]!;
      const layout = minePositions(src, mines);
      const hit = layout.some((t) => t < safe);
      return hit ? 0 : minesMultiplier(mines, safe) / MULTIPLIER_SCALE;
    });
    expectWithin(sim, exact, 0.01);
  });

  it("plinko: every table returns 98.9–99.2% exactly, and 1,000,000 drops over all tables agree", () => {
    const tables = PLINKO_ROWS.flatMap((rows) => PLINKO_RISKS.map((risk) => [rows, risk] as const));
    for (const [rows, risk] of tables) {
      expect(plinkoRtp(rows, risk)).toBeGreaterThan(0.989);
      expect(plinkoRtp(rows, risk)).toBeLessThan(0.992);
    }
    const exact = tables.reduce((sum, [rows, risk]) => sum + plinkoRtp(rows, risk), 0) / tables.length;
    const src = fastSource(5);
    const sim = simulate(ROUNDS, () => {
      const [rows, risk] = tables[src.int(tables.length)]!;
      return playPlinko(src, rows, risk).multiplier / MULTIPLIER_SCALE;
    });
    expectWithin(sim, exact, 0.01);
  });

  it("crash: cashing out at any multiplier returns 99% exactly, and 1,000,000 rounds agree", () => {
    // P(point ≥ c) = floor(99·2^52 / c) / 2^52: the return of a cash-out at c is c/100 of that, just under 99%.
    for (const c of [101, 110, 150, 200, 333, 1_000, 10_000, 100_000, 1_000_000, 100_000_000]) {
      const exact = (c / 100) * crashReachChance(c);
      expect(exact).toBeLessThanOrEqual(CRASH_RTP);
      expect(exact).toBeGreaterThan(CRASH_RTP - 1e-12 * c);
    }
    // An instant crash at 1.00× (every bet loses) comes in 1 − 0.99/1.01 ≈ 1.98% of rounds.
    expect(1 - crashReachChance(101)).toBeCloseTo(1 - 0.99 / 1.01, 12);
    const targets = [101, 150, 200, 300, 1_000];
    const exact = targets.reduce((sum, c) => sum + (c / 100) * crashReachChance(c), 0) / targets.length;
    const src = fastSource(6);
    const sim = simulate(ROUNDS, () => {
      const target = targets[src.int(targets.length)]!;
      // 52 bits as the HMAC gives them: 20 high bits and 32 low ones.
      const [hi, lo] = src(2) as [number, number];
      const bits = (BigInt(Math.floor(hi * 2 ** 20)) << 32n) | BigInt(Math.floor(lo * 2 ** 32));
      return crashCentsOfBits(bits) >= target ? target / 100 : 0;
    });
    expectWithin(sim, exact, 0.005);
  });

  it(`slot: the paytable and strips return ${SLOT_RTP_PERCENT}%, and 1,000,000 spins agree`, () => {
    const exact = slotRtp();
    expect(Math.round(exact * 10000) / 100).toBe(SLOT_RTP_PERCENT);
    const src = fastSource(4);
    const sim = simulate(ROUNDS, () => playSlot(src).multiplier / MULTIPLIER_SCALE);
    expectWithin(sim, exact, 0.005);
  });
});
