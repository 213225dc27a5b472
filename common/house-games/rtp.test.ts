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
  playRoulette,
  playSlot,
  playWheel,
  plinkoRtp,
  ROULETTE_EVEN_MONEY,
  ROULETTE_INSIDE_BETS,
  ROULETTE_POCKETS,
  ROULETTE_RTP,
  type RouletteBet,
  SLOT_RTP_PERCENT,
  slotRtp,
  WHEEL_PAYTABLE,
  WHEEL_RISKS,
  WHEEL_RTP,
  WHEEL_SEGMENTS,
  wheelRtp,
  wheelScaled,
} from ".";

const ROUNDS = Number(process.env.HOUSE_SIM_ROUNDS ?? 1_000_000);

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

  it(`slot: the paytable and strips return ${SLOT_RTP_PERCENT}%, and 1,000,000 spins agree`, () => {
    const exact = slotRtp();
    expect(Math.round(exact * 10000) / 100).toBe(SLOT_RTP_PERCENT);
    const src = fastSource(4);
    const sim = simulate(ROUNDS, () => playSlot(src).multiplier / MULTIPLIER_SCALE);
    expectWithin(sim, exact, 0.005);
  });

  it("roulette: every bet on the table returns exactly 36/37, and 1,000,000 multi-bet spins agree", () => {
    const table: Omit<RouletteBet, "amount">[] = [
      ...Object.entries(ROULETTE_INSIDE_BETS).flatMap(([kind, sets]) =>
        sets.map((numbers) => ({ kind: kind as RouletteBet["kind"], numbers })),
      ),
      ...ROULETTE_EVEN_MONEY.map((kind) => ({ kind })),
      ...([1, 2, 3] as const).flatMap((target) => [
        { kind: "dozen" as const, target },
        { kind: "column" as const, target },
      ]),
    ];
    expect(table).toHaveLength(37 + 60 + 12 + 2 + 22 + 1 + 11 + 6 + 6);
    // Exactly: spin each of the 37 pockets once (a float in the middle of its 1/37) and add up what a unit on
    // the bet returns, in integers: 36 units over 37 equally likely pockets is a return of 36/37.
    const pocketSource = (p: number) => () => [(p + 0.5) / ROULETTE_POCKETS];
    for (const bet of table) {
      let returned = 0;
      for (let p = 0; p < ROULETTE_POCKETS; p++)
        returned += playRoulette(pocketSource(p), [{ ...bet, amount: "1" }]).wins[0]!;
      expect([bet, returned]).toEqual([bet, 36 * MULTIPLIER_SCALE]);
    }
    expect(ROULETTE_RTP).toBe(36 / 37);
    // Simulated: each spin carries 1–5 bets from the whole table with 1–5 units each; the return of a spin is
    // what it paid over what it staked (36/37 whatever the bets, since each bet returns 36/37 of its amount).
    // (The engine's wins are per unit staked, so the amounts are weighed here and the bets reused.)
    const src = fastSource(6);
    const unitBets: RouletteBet[] = table.map((bet) => ({ ...bet, amount: "1" }));
    const sim = simulate(ROUNDS, () => {
      const count = 1 + src.int(5);
      const bets: RouletteBet[] = [];
      const units: number[] = [];
      for (let i = 0; i < count; i++) {
        units.push(1 + src.int(5));
        bets.push(unitBets[src.int(unitBets.length)]!);
      }
      const { wins } = playRoulette(src, bets);
      let paid = 0;
      let staked = 0;
      for (let i = 0; i < count; i++) {
        paid += wins[i]! * units[i]!;
        staked += units[i]!;
      }
      return paid / MULTIPLIER_SCALE / staked;
    });
    expectWithin(sim, ROULETTE_RTP, 0.005);
  });

  it("wheel: every risk and segment count returns exactly 99%, and 1,000,000 spins over all wheels agree", () => {
    const wheels = WHEEL_SEGMENTS.flatMap((segments) => WHEEL_RISKS.map((risk) => [segments, risk] as const));
    for (const [segments, risk] of wheels) {
      const paytable = WHEEL_PAYTABLE[segments][risk];
      expect(paytable).toHaveLength(segments);
      // The multipliers, in integers of 10^-4, add up to 0.99 × segments: the return is 99% exactly.
      expect(paytable.reduce((sum, m) => sum + wheelScaled(m), 0)).toBe(9900 * segments);
      expect(wheelRtp(segments, risk)).toBe(WHEEL_RTP);
    }
    const src = fastSource(7);
    const sim = simulate(ROUNDS, () => {
      const [segments, risk] = wheels[src.int(wheels.length)]!;
      return playWheel(src, segments, risk).multiplier / MULTIPLIER_SCALE;
    });
    expectWithin(sim, WHEEL_RTP, 0.01);
  });
});
