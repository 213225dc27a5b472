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
  applyBlackjack,
  BACCARAT_RETURNS,
  BACCARAT_RTP_PERCENT,
  BACCARAT_SPOTS,
  type BaccaratWinner,
  BLACKJACK_RTP_PERCENT,
  basicStrategy,
  blackjackReturn,
  CRASH_RTP,
  cardOf,
  crashCentsOfBits,
  crashReachChance,
  DICE_RTP,
  dealBaccarat,
  dealBlackjack,
  dealFromDeck,
  diceMultiplier,
  diceWinningRolls,
  drawHand,
  HILO_GUESSES,
  HILO_MAX_SKIPS,
  type HiloGuess,
  hiloMultiplier,
  hiloWinningRanks,
  hiloWins,
  KENO_RISKS,
  KENO_RTP_PERCENT,
  kenoRtp,
  LIMBO_RTP,
  MINES_TILES,
  MULTIPLIER_SCALE,
  minePositions,
  minesMultiplier,
  PLINKO_RISKS,
  PLINKO_ROWS,
  playDice,
  playHilo,
  playKeno,
  playLimbo,
  playPlinko,
  playRoulette,
  playSlot,
  playVideoPoker,
  playWheel,
  plinkoRtp,
  ROULETTE_EVEN_MONEY,
  ROULETTE_INSIDE_BETS,
  ROULETTE_POCKETS,
  ROULETTE_RTP,
  type RouletteBet,
  rankOf,
  SLOT_RTP_PERCENT,
  slotRtp,
  VIDEO_POKER_PAYTABLE,
  VIDEO_POKER_RTP_PERCENT,
  videoPokerPays,
  WHEEL_PAYTABLE,
  WHEEL_RISKS,
  WHEEL_RTP,
  WHEEL_SEGMENTS,
  wheelRtp,
  wheelScaled,
} from ".";
import { bestHold, buildHoldTables, choose, perfectPlayReturn } from "./video-poker-strategy";

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

  it(`blackjack: basic strategy returns ${BLACKJACK_RTP_PERCENT}% of the first stake over 1,000,000 hands`, () => {
    // Each hand is dealt from a fresh shoe and played to the end by basic strategy (never insurance); its
    // return counts doubles, splits and 3:2 blackjacks against the first stake, as a house edge is stated.
    const src = fastSource(6);
    const sim = simulate(ROUNDS, () => {
      const s = dealBlackjack(src);
      while (s.phase !== "done") applyBlackjack(s, basicStrategy(s), src);
      const { staked, returned } = blackjackReturn(s);
      return 1 + returned - staked;
    });
    // One hand's outcome spreads about ±1.15 stakes: the standard error of a million is about 0.0012.
    expectWithin(sim, BLACKJACK_RTP_PERCENT / 100, 0.0013);
  });

  it("hilo: every guess on every card returns exactly 99%; 1,000,000 rounds of a play policy agree", () => {
    for (let rank = 0; rank < 13; rank++) {
      for (const guess of HILO_GUESSES) {
        const winning = Array.from({ length: 13 }, (_, next) => next).filter((n) => hiloWins(rank, guess, n));
        const w = hiloWinningRanks(rank, guess);
        expect(winning).toHaveLength(w);
        // Neither guess is certain, nor hopeless.
        expect(w).toBeGreaterThanOrEqual(1);
        expect(w).toBeLessThanOrEqual(12);
        // P(win) × factor = (w / 13) × 1287 / (100 w) = 1287 / 1300 = 0.99, in integers: w × 1287 = 0.99 × 1300 w.
        expect(w * 1287 * 100).toBe(99 * 1300 * w);
      }
    }
    // The shown multiplier is the exact product rounded down, never more, less by under 10^-4.
    for (const odds of [
      [12],
      [1],
      [7, 7, 7],
      [12, 11, 1, 6, 9],
      Array.from({ length: 30 }, (_, i) => 1 + (i % 12)),
    ]) {
      const exact = odds.reduce((m, w) => (m * 1287) / (100 * w), 1);
      const shown = hiloMultiplier(odds) / MULTIPLIER_SCALE;
      expect(shown).toBeLessThanOrEqual(exact * (1 + 1e-12));
      expect(exact - shown).toBeLessThan(1e-4 + exact * 1e-12);
    }

    // The policy: a cash-out target of 1 to 4 right guesses drawn at the start; on each card the likelier
    // guess (higher on a tie); a 7 is skipped while the round has skips left (at most 2 by this policy).
    const SKIP_BUDGET = 2;
    expect(SKIP_BUDGET).toBeLessThanOrEqual(HILO_MAX_SKIPS);
    const choice = (rank: number): HiloGuess =>
      hiloWinningRanks(rank, "higher") >= hiloWinningRanks(rank, "lower") ? "higher" : "lower";
    // Its exact return: the tree of every card sequence, each card 1/13, paid the rounded multiplier (the
    // value of a position depends only on the card, the skips left and the guesses won, so it is memoised).
    const memo = new Map<string, number>();
    const value = (rank: number, target: number, skipsLeft: number, odds: number[]): number => {
      if (odds.length === target) return hiloMultiplier(odds) / MULTIPLIER_SCALE;
      const key = `${rank}/${target}/${skipsLeft}/${odds.join(",")}`;
      const known = memo.get(key);
      if (known !== undefined) return known;
      const v = positionValue(rank, target, skipsLeft, odds);
      memo.set(key, v);
      return v;
    };
    const positionValue = (rank: number, target: number, skipsLeft: number, odds: number[]): number => {
      let sum = 0;
      if (rank === 6 && skipsLeft > 0) {
        for (let next = 0; next < 13; next++) sum += value(next, target, skipsLeft - 1, odds);
        return sum / 13;
      }
      const guess = choice(rank);
      const w = hiloWinningRanks(rank, guess);
      for (let next = 0; next < 13; next++)
        if (hiloWins(rank, guess, next)) sum += value(next, target, skipsLeft, [...odds, w]);
      return sum / 13;
    };
    const targets = [1, 2, 3, 4];
    const exactOf = (target: number) =>
      Array.from({ length: 13 }, (_, r) => value(r, target, SKIP_BUDGET, [])).reduce((a, b) => a + b) / 13;
    for (const target of targets) {
      // Each right guess keeps 99%, so k of them return 0.99^k, less the rounding of the multiplier.
      expect(exactOf(target)).toBeLessThanOrEqual(0.99 ** target + 1e-12);
      expect(exactOf(target)).toBeGreaterThan(0.99 ** target - 1e-4);
    }
    const exact = targets.reduce((sum, k) => sum + exactOf(k), 0) / targets.length;
    const src = fastSource(6);
    const sim = simulate(ROUNDS, () => {
      const target = targets[src.int(targets.length)]!;
      const moves: ("higher" | "lower" | "skip")[] = [];
      // The engine reads one float per card: replaying the moves so far on a copy of the stream would cost
      // a replay per move, so the policy watches the cards as playHilo draws them from a recording source.
      const drawn: number[] = [];
      const recording = (n: number) => {
        const f = src(n);
        drawn.push(...f);
        return f;
      };
      let rank = rankOf(cardOf(recording(1)[0]!));
      let skips = 0;
      let right = 0;
      for (;;) {
        const move = rank === 6 && skips < SKIP_BUDGET ? "skip" : choice(rank);
        const next = rankOf(cardOf(recording(1)[0]!));
        moves.push(move);
        if (move === "skip") skips++;
        else if (!hiloWins(rank, move, next)) return 0;
        else if (++right === target) break;
        rank = next;
      }
      // The engine, fed the same floats, must agree with the policy's own reading of the round.
      let at = 0;
      const replay = (n: number) => {
        at += n;
        return drawn.slice(at - n, at);
      };
      const round = playHilo(replay, moves);
      return round.multiplier / MULTIPLIER_SCALE;
    });
    expectWithin(sim, exact, 0.002);
  });

  it(`video poker 9/6 Jacks or Better returns ${VIDEO_POKER_RTP_PERCENT}% with perfect play (exact over all deals; 1,000,000 deals played perfectly agree)`, () => {
    expect(Object.values(VIDEO_POKER_PAYTABLE)).toEqual([800, 50, 25, 9, 6, 4, 3, 2, 1, 0]);
    const tables = buildHoldTables();
    // Exact: every one of the C(52, 5) = 2,598,960 deals, each with its best of 32 holds over every draw.
    const { num, den } = perfectPlayReturn(tables);
    const exact = Number((num * 10n ** 15n) / den) / 1e15;
    expect(choose(52, 5)).toBe(2_598_960);
    // 0.995439043695…: the figure published for 9/6 Jacks or Better (e.g. the Wizard of Odds' table).
    expect(exact).toBeCloseTo(0.995439043695, 11);
    expect(Math.round(exact * 10000) / 100).toBe(VIDEO_POKER_RTP_PERCENT);
    // The hold evaluator on hands whose best play is known: a dealt royal stands; four to a royal beats a
    // made flush; a low pair beats four to an outside straight.
    const card = (rank: number, suit: number) => suit * 13 + rank;
    expect(bestHold(tables, [card(0, 0), card(12, 0), card(11, 0), card(10, 0), card(9, 0)]).holds).toEqual([
      0, 1, 2, 3, 4,
    ]);
    expect(bestHold(tables, [card(0, 1), card(12, 1), card(11, 1), card(10, 1), card(3, 1)]).holds).toEqual([
      0, 1, 2, 3,
    ]);
    expect(bestHold(tables, [card(4, 0), card(4, 1), card(5, 2), card(6, 3), card(7, 0)]).holds).toEqual([
      0, 1,
    ]);
    // Simulated: deals from the engine's own shuffle, each played with its best hold through the engine.
    const src = fastSource(7);
    const sim = simulate(ROUNDS, () => {
      const deck = dealFromDeck(src, 10);
      const { holds } = bestHold(tables, deck.slice(0, 5));
      return videoPokerPays(drawHand(deck, holds));
    });
    expectWithin(sim, exact, 0.005);
    // And the engine's whole round (deal, holds, draw, pay) on a fixed stream matches those pieces.
    const floats = src(10);
    const round = playVideoPoker((n) => floats.splice(0, n), [1, 3]);
    expect(round.multiplier).toBe(VIDEO_POKER_PAYTABLE[round.result] * MULTIPLIER_SCALE);
    expect(round.final.filter((c, i) => c === round.hand[i])).toEqual(
      expect.arrayContaining([round.hand[1], round.hand[3]]),
    );
  });

  it("baccarat: each bet's exact return from every possible draw, and 1,000,000 rounds over all spots agree", () => {
    // Every sequence of cards the engine can be dealt, through the engine itself: a source that hands out a
    // fixed prefix of cards and notes when the engine asks for one more (it then gets a placeholder and the
    // prefix is extended instead), so each hand is enumerated with as many cards as it really takes. Only
    // points matter, so one card stands for each: ace … nine (1 rank in 13 each), and ten for the 4 ranks
    // worth 0. A sequence of L cards weighs the product of its cards' ranks × 13^(6 − L), in units of 13^-6.
    const POINT_CARDS = [9, 0, 1, 2, 3, 4, 5, 6, 7, 8]; // card index of 0, 1 … 9 points (spades)
    const RANKS_OF = [4, 1, 1, 1, 1, 1, 1, 1, 1, 1];
    const weight: Record<BaccaratWinner, number> = { player: 0, banker: 0, tie: 0 };
    const walk = (prefix: number[], w: number) => {
      let used = 0;
      let short = false;
      const source = (n: number) =>
        Array.from({ length: n }, () => {
          if (used >= prefix.length) short = true;
          return ((short ? 0 : POINT_CARDS[prefix[used++]!]!) + 0.5) / 52;
        });
      const hand = dealBaccarat(source);
      if (!short) {
        if (used !== prefix.length) throw new Error("a card dealt but not used");
        weight[hand.winner] += w * 13 ** (6 - prefix.length);
        return;
      }
      for (let points = 0; points < 10; points++) walk([...prefix, points], w * RANKS_OF[points]!);
    };
    walk([], 1);
    const all = 13 ** 6;
    expect(weight.player + weight.banker + weight.tie).toBe(all);
    const rtpOf = (spot: (typeof BACCARAT_SPOTS)[number]) =>
      BACCARAT_SPOTS.reduce(
        (sum, w) => sum + (weight[w] / all) * (BACCARAT_RETURNS[w][spot] / MULTIPLIER_SCALE),
        0,
      );
    // With an infinite shoe: player 44.6147 %, banker 45.8428 %, tie 9.5426 % of hands.
    expect(weight.player / all).toBeCloseTo(0.446147, 6);
    expect(weight.banker / all).toBeCloseTo(0.458428, 6);
    expect(weight.tie / all).toBeCloseTo(0.095426, 6);
    for (const spot of BACCARAT_SPOTS)
      expect(Math.round(rtpOf(spot) * 10000) / 100).toBe(BACCARAT_RTP_PERCENT[spot]);
    expect(rtpOf("banker")).toBeCloseTo(0.98936, 5);
    expect(rtpOf("player")).toBeCloseTo(0.987719, 5);
    expect(rtpOf("tie")).toBeCloseTo(0.85883, 5);

    // Each round stakes 1 on one spot chosen at random (so every spot's return is measured in one run).
    const exact = BACCARAT_SPOTS.reduce((sum, spot) => sum + rtpOf(spot), 0) / 3;
    const src = fastSource(6);
    const sim = simulate(ROUNDS, () => {
      const spot = BACCARAT_SPOTS[src.int(3)]!;
      return BACCARAT_RETURNS[dealBaccarat(src).winner][spot] / MULTIPLIER_SCALE;
    });
    expectWithin(sim, exact, 0.003);
  });

  it(`keno: every table returns ${KENO_RTP_PERCENT}–99% exactly, and 1,000,000 draws over all tables agree`, () => {
    const tables = KENO_RISKS.flatMap((risk) => Array.from({ length: 10 }, (_, i) => [risk, i + 1] as const));
    for (const [risk, picks] of tables) {
      expect(kenoRtp(risk, picks)).toBeLessThanOrEqual(0.99 + 1e-12);
      expect(kenoRtp(risk, picks)).toBeGreaterThanOrEqual(KENO_RTP_PERCENT / 100);
    }
    const exact = tables.reduce((sum, [risk, picks]) => sum + kenoRtp(risk, picks), 0) / tables.length;
    const src = fastSource(7);
    const sim = simulate(ROUNDS, () => {
      const [risk, count] = tables[src.int(tables.length)]!;
      // The player's picks: any `count` different numbers (the draw does not care which).
      const picks = Array.from({ length: count }, (_, i) => 1 + ((i * 7) % 40));
      return playKeno(src, picks, risk).multiplier / MULTIPLIER_SCALE;
    });
    // The 1,000× tops make keno's spread wide: the standard error is about 0.6 % over a million draws.
    expectWithin(sim, exact, 0.008);
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
