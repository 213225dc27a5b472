import {
  BACCARAT_RETURNS,
  BACCARAT_SPOTS,
  type BaccaratBets,
  type BaccaratWinner,
  type BlackjackAction,
  type BlackjackResult,
  baccaratPayout,
  blackjackReturn,
  crashPointCents,
  dealRound,
  type HiloMove,
  HOUSE_ENGINES,
  type HouseEngine,
  isBlackjackAction,
  isHiloMove,
  isKenoPicks,
  isKenoRisk,
  isPlinkoRisk,
  isPlinkoRows,
  isWheelRisk,
  isWheelSegments,
  type KenoRisk,
  minesMultiplier,
  multiplierText,
  normalizeHolds,
  type PlinkoRisk,
  type PlinkoRows,
  type PokerHand,
  payout,
  ROULETTE_KINDS,
  ROULETTE_TWELVES,
  type RouletteBet,
  roulettePayout,
  rouletteProblems,
  type WheelRisk,
  type WheelSegments,
} from "#common/house-games";
import { decimalPlaces } from "#common/money";
import { commitment } from "#common/provably-fair";

/**
 * The verification page's glue: from revealed seeds and a round's parameters it recomputes the outcome with the
 * very code the server dealt it with (common/house-games), and says whether the seed matches its commitment.
 */

export interface VerifyInput {
  serverSeed: string;
  /** The commitment shown before play; empty when the player has none to check against. */
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  engine: HouseEngine;
  dice?: { target: number; direction: "under" | "over" };
  limbo?: { target: number };
  plinko?: { rows: PlinkoRows; risk: PlinkoRisk };
  mines?: { mines: number };
  /** The player's moves in order, as the round recorded them. */
  blackjack?: { actions: BlackjackAction[] };
  /** Hilo: the moves the round recorded, in order. */
  hilo?: { moves: HiloMove[] };
  /** Video poker: the positions held at the draw (0–4). */
  videopoker?: { holds: number[] };
  baccarat?: { bets: BaccaratBets };
  keno?: { picks: number[]; risk: KenoRisk };
  /** Decimal places the payout is rounded down to (the round's currency: 8 crypto, 2 otherwise). */
  places?: number;
  roulette?: { bets: RouletteBet[] };
  wheel?: { segments: WheelSegments; risk: WheelRisk };
}

/** What a round's outcome comes down to, engine by engine: one line a person can compare. */
export type Recomputed =
  | { engine: "dice"; roll: number; win: boolean; multiplier: string }
  | { engine: "limbo"; result: number; win: boolean; multiplier: string }
  | { engine: "plinko"; path: number[]; bucket: number; multiplier: string }
  | { engine: "slot"; stops: number[]; grid: string[][]; multiplier: string }
  | { engine: "mines"; mines: number[] }
  | {
      engine: "blackjack";
      dealer: number[];
      player: { cards: number[]; result?: BlackjackResult; doubled: boolean }[];
      drawn: number[];
      /** What the round returned per unit of first stake (the money is rounded down per hand). */
      returned: number;
    }
  | { engine: "hilo"; cards: number[]; multiplier: string; lost: boolean }
  | { engine: "videopoker"; hand: number[]; final: number[]; result: PokerHand; multiplier: string }
  | {
      engine: "baccarat";
      player: number[];
      banker: number[];
      playerTotal: number;
      bankerTotal: number;
      winner: BaccaratWinner;
      /** Each staked spot's return per unit ("2.00", "0.00"…) and what the stakes were paid together. */
      returns: Partial<Record<keyof BaccaratBets, string>>;
      payout: string;
    }
  | { engine: "keno"; picks: number[]; drawn: number[]; hits: number[]; multiplier: string }
  | {
      engine: "roulette";
      pocket: number;
      color: "green" | "red" | "black";
      /** Each bet with its return per unit ("36.00", "0.00") and what it paid. */
      bets: { bet: RouletteBet; returns: string; paid: string }[];
      payout: string;
    }
  | { engine: "wheel"; segment: number; multiplier: string }
  /** Crash: the round hash in `serverSeed`, the salt in `clientSeed`, the previous hash in `serverSeedHash`. */
  | { engine: "crash"; crashPoint: number };

/** Whether the revealed server seed hashes to the commitment; undefined when there is nothing to compare. */
export function seedMatches(serverSeed: string, serverSeedHash: string): boolean | undefined {
  const hash = serverSeedHash.trim().toLowerCase();
  if (!serverSeed || !hash) return undefined;
  return commitment(serverSeed) === hash;
}

export function recompute(input: VerifyInput): Recomputed {
  const seeds = { serverSeed: input.serverSeed, clientSeed: input.clientSeed, nonce: input.nonce };
  switch (input.engine) {
    case "dice": {
      const o = dealRound("dice", seeds, input.dice ?? { target: 50, direction: "under" });
      return { engine: "dice", roll: o.roll, win: o.win, multiplier: multiplierText(o.multiplier) };
    }
    case "limbo": {
      const o = dealRound("limbo", seeds, { target: input.limbo?.target ?? 2 });
      return { engine: "limbo", result: o.result, win: o.win, multiplier: multiplierText(o.multiplier) };
    }
    case "plinko": {
      const o = dealRound("plinko", seeds, input.plinko ?? { rows: 8, risk: "medium" });
      return { engine: "plinko", path: o.path, bucket: o.bucket, multiplier: multiplierText(o.multiplier) };
    }
    case "slot": {
      const o = dealRound("slot", seeds, undefined);
      return { engine: "slot", stops: o.stops, grid: o.grid, multiplier: multiplierText(o.multiplier) };
    }
    case "mines":
      return { engine: "mines", mines: dealRound("mines", seeds, { mines: input.mines?.mines ?? 3 }).mines };
    case "blackjack": {
      // The moves replay on the cards; a move the cards did not allow throws (the page says the input is wrong).
      const s = dealRound("blackjack", seeds, { actions: input.blackjack?.actions ?? [] });
      return {
        engine: "blackjack",
        dealer: s.dealer,
        player: s.player.map((h) => ({ cards: h.cards, result: h.result, doubled: h.doubled })),
        drawn: s.drawn,
        returned: blackjackReturn(s).returned,
      };
    }
    case "hilo": {
      const o = dealRound("hilo", seeds, { moves: input.hilo?.moves ?? [] });
      return {
        engine: "hilo",
        cards: o.cards,
        multiplier: multiplierText(o.multiplier),
        lost: o.over === "lost",
      };
    }
    case "videopoker": {
      const o = dealRound("videopoker", seeds, { holds: input.videopoker?.holds ?? [] });
      return {
        engine: "videopoker",
        hand: o.hand,
        final: o.final,
        result: o.result,
        multiplier: multiplierText(o.multiplier),
      };
    }
    case "baccarat": {
      const bets = input.baccarat?.bets ?? {};
      const hand = dealRound("baccarat", seeds, { bets });
      const returns = Object.fromEntries(
        BACCARAT_SPOTS.filter((s) => bets[s] !== undefined).map((s) => [
          s,
          multiplierText(BACCARAT_RETURNS[hand.winner][s]),
        ]),
      );
      return {
        engine: "baccarat",
        ...hand,
        returns,
        payout: baccaratPayout(bets, hand.winner, input.places ?? 2),
      };
    }
    case "keno": {
      const choices = input.keno ?? { picks: [1], risk: "classic" as const };
      const o = dealRound("keno", seeds, choices);
      return {
        engine: "keno",
        picks: choices.picks,
        drawn: o.drawn,
        hits: o.hits,
        multiplier: multiplierText(o.multiplier),
      };
    }
    case "roulette": {
      const bets = input.roulette?.bets ?? [];
      if (Object.keys(rouletteProblems(bets)).length > 0) throw new RangeError("Not bets of the table");
      const o = dealRound("roulette", seeds, { bets });
      // Paid to the amount's own decimals: a bet's return is whole, so nothing is rounded away.
      const places = Math.max(0, ...bets.map((b) => decimalPlaces(b.amount)));
      return {
        engine: "roulette",
        pocket: o.pocket,
        color: o.color,
        bets: bets.map((bet, i) => ({
          bet,
          returns: multiplierText(o.wins[i]!),
          paid: payout(bet.amount, o.wins[i]!, places),
        })),
        payout: roulettePayout(bets, o.wins, places),
      };
    }
    case "wheel": {
      const o = dealRound("wheel", seeds, input.wheel ?? { segments: 10, risk: "low" });
      return { engine: "wheel", segment: o.segment, multiplier: multiplierText(o.multiplier) };
    }
    case "crash":
      // One round of the hash chain (decision 0034): HMAC_SHA256(key = round hash, message = salt).
      return { engine: "crash", crashPoint: crashPointCents(seeds.serverSeed, input.clientSeed) / 100 };
  }
}

/**
 * A roulette spin's bets as one line, for links and the form: `kind [numbers or target] @amount`, bets apart
 * by ";" — "straight 17 @1; split 17-20 @0.5; dozen 2 @1; red @2".
 */
export function betsText(bets: RouletteBet[]): string {
  return bets
    .map((b) =>
      [b.kind, b.numbers?.join("-") ?? (b.target !== undefined ? String(b.target) : ""), `@${b.amount}`]
        .filter(Boolean)
        .join(" "),
    )
    .join("; ");
}

/** Reads `betsText` back; a piece it cannot read becomes a bet the engine refuses, so the form says so. */
export function betsFromText(text: string): RouletteBet[] {
  return text
    .split(";")
    .map((piece) => piece.trim())
    .filter(Boolean)
    .map((piece) => {
      const [kind = "", ...rest] = piece.split(/\s+/);
      const amount = rest.find((r) => r.startsWith("@"))?.slice(1) ?? "";
      const spec = rest.find((r) => !r.startsWith("@"));
      const bet = { kind, amount } as RouletteBet;
      if (!(ROULETTE_KINDS as readonly string[]).includes(kind)) return bet;
      if ((ROULETTE_TWELVES as readonly string[]).includes(kind)) bet.target = Number(spec);
      else if (spec !== undefined) bet.numbers = spec.split("-").map(Number);
      return bet;
    });
}

/**
 * Whether a recorded round (as the server stored it) has the recomputed outcome. Mines compares the layout,
 * and the cash-out multiplier for the tiles opened when the round was won.
 */
export function sameOutcome(r: Recomputed, recorded: Record<string, unknown>): boolean {
  switch (r.engine) {
    case "dice":
      return recorded.roll === r.roll && recorded.win === r.win;
    case "limbo":
      return recorded.result === r.result && recorded.win === r.win;
    case "plinko":
      return recorded.bucket === r.bucket && JSON.stringify(recorded.path) === JSON.stringify(r.path);
    case "slot":
      return JSON.stringify(recorded.stops) === JSON.stringify(r.stops);
    case "blackjack":
      return (
        JSON.stringify(recorded.drawn) === JSON.stringify(r.drawn) &&
        JSON.stringify(recorded.dealer) === JSON.stringify(r.dealer) &&
        JSON.stringify((recorded.player as { result?: string }[] | undefined)?.map((h) => h.result)) ===
          JSON.stringify(r.player.map((h) => h.result))
      );
    case "baccarat":
      return (
        JSON.stringify(recorded.player) === JSON.stringify(r.player) &&
        JSON.stringify(recorded.banker) === JSON.stringify(r.banker) &&
        recorded.winner === r.winner
      );
    case "keno":
      return (
        JSON.stringify(recorded.drawn) === JSON.stringify(r.drawn) &&
        JSON.stringify(recorded.hits) === JSON.stringify(r.hits)
      );
    case "crash":
      return recorded.crashPoint === r.crashPoint;
    case "mines":
      return (
        Array.isArray(recorded.mines) &&
        JSON.stringify([...recorded.mines].sort((a, b) => a - b)) ===
          JSON.stringify([...r.mines].sort((a, b) => a - b))
      );
    case "hilo":
      return JSON.stringify(recorded.cards) === JSON.stringify(r.cards);
    case "videopoker":
      return (
        JSON.stringify(recorded.hand) === JSON.stringify(r.hand) &&
        (recorded.final === undefined || JSON.stringify(recorded.final) === JSON.stringify(r.final))
      );
    case "roulette":
      return (
        recorded.pocket === r.pocket &&
        JSON.stringify(recorded.wins) === JSON.stringify(r.bets.map((b) => b.returns))
      );
    case "wheel":
      return recorded.segment === r.segment;
  }
}

/** The multiplier a mines round paid: none on a mine, else the cash-out after the tiles opened. */
export function minesPaid(mines: number[], count: number, revealed: number[]): string {
  if (revealed.some((t) => mines.includes(t))) return "0.00";
  return multiplierText(minesMultiplier(count, revealed.length));
}

/** A verification link's query (the page reads it back with `inputFromQuery`). */
export function verifyQuery(v: Partial<VerifyInput> & { token?: string; round?: string }): string {
  const q = new URLSearchParams();
  if (v.token) q.set("token", v.token);
  if (v.round) q.set("round", v.round);
  if (v.serverSeed) q.set("serverSeed", v.serverSeed);
  if (v.serverSeedHash) q.set("hash", v.serverSeedHash);
  if (v.clientSeed !== undefined) q.set("clientSeed", v.clientSeed);
  if (v.nonce !== undefined) q.set("nonce", String(v.nonce));
  if (v.engine) q.set("engine", v.engine);
  if (v.dice) {
    q.set("target", String(v.dice.target));
    q.set("direction", v.dice.direction);
  }
  if (v.limbo) q.set("target", String(v.limbo.target));
  if (v.plinko) {
    q.set("rows", String(v.plinko.rows));
    q.set("risk", v.plinko.risk);
  }
  if (v.mines) q.set("mines", String(v.mines.mines));
  if (v.blackjack) q.set("actions", v.blackjack.actions.join(","));
  if (v.hilo) q.set("moves", v.hilo.moves.join(","));
  if (v.videopoker) q.set("holds", v.videopoker.holds.join(","));
  if (v.baccarat)
    for (const spot of BACCARAT_SPOTS) {
      const stake = v.baccarat.bets[spot];
      if (stake !== undefined) q.set(spot, stake);
    }
  if (v.keno) {
    q.set("picks", v.keno.picks.join(","));
    q.set("risk", v.keno.risk);
  }
  if (v.roulette) q.set("bets", betsText(v.roulette.bets));
  if (v.wheel) {
    q.set("segments", String(v.wheel.segments));
    q.set("risk", v.wheel.risk);
  }
  return q.toString();
}

const num = (v: string | null, fallback: number) => {
  const n = v === null || v.trim() === "" ? Number.NaN : Number(v);
  return Number.isFinite(n) ? n : fallback;
};

/** The form's values from a link; anything missing or unknown takes a sensible default. */
export function inputFromQuery(q: URLSearchParams): VerifyInput {
  const e = q.get("engine");
  const engine = (HOUSE_ENGINES as readonly string[]).includes(e ?? "") ? (e as HouseEngine) : "dice";
  const rows = num(q.get("rows"), 8);
  const risk = q.get("risk");
  const picks = (q.get("picks") ?? "")
    .split(",")
    .filter(Boolean)
    .map((n) => Number(n));
  const segments = num(q.get("segments"), 10);
  return {
    serverSeed: q.get("serverSeed") ?? "",
    serverSeedHash: q.get("hash") ?? "",
    clientSeed: q.get("clientSeed") ?? "",
    nonce: Math.max(0, Math.floor(num(q.get("nonce"), 0))),
    engine,
    dice: {
      target: num(q.get("target"), 50),
      direction: q.get("direction") === "over" ? "over" : "under",
    },
    limbo: { target: num(q.get("target"), 2) },
    plinko: {
      rows: isPlinkoRows(rows) ? rows : 8,
      risk: isPlinkoRisk(risk) ? risk : "medium",
    },
    mines: { mines: Math.min(24, Math.max(1, Math.floor(num(q.get("mines"), 3)))) },
    blackjack: { actions: actionsFromText(q.get("actions") ?? "") },
    hilo: { moves: movesFromText(q.get("moves") ?? "") },
    videopoker: { holds: holdsFromText(q.get("holds") ?? "", 0) },
    baccarat: { bets: betsFromQuery(q) },
    keno: {
      picks: isKenoPicks(picks) ? picks : [1, 2, 3, 4, 5],
      risk: isKenoRisk(risk) ? risk : "classic",
    },
    roulette: { bets: betsFromText(q.get("bets") ?? "red @1") },
    wheel: {
      segments: isWheelSegments(segments) ? segments : 10,
      risk: isWheelRisk(risk) ? risk : "low",
    },
  };
}

/** A link's baccarat stakes: the spots named with an amount (plain decimals only). */
function betsFromQuery(q: URLSearchParams): BaccaratBets {
  const bets: BaccaratBets = {};
  for (const spot of BACCARAT_SPOTS) {
    const v = q.get(spot);
    if (v && /^\d{1,12}(\.\d{1,8})?$/.test(v)) bets[spot] = v;
  }
  return Object.keys(bets).length ? bets : { player: "1" };
}

/** Hilo moves from a list such as "higher, skip, lower" (or h / s / l); anything else is left out. */
export function movesFromText(text: string): HiloMove[] {
  const short: Record<string, HiloMove> = { h: "higher", l: "lower", s: "skip" };
  return text
    .split(/[\s,]+/)
    .map((m) => m.trim().toLowerCase())
    .map((m) => short[m] ?? m)
    .filter(isHiloMove);
}

/** Held positions from a list such as "1, 3" (`base` 1, as the page numbers the cards) or "0,2" (base 0). */
export function holdsFromText(text: string, base: 0 | 1): number[] {
  const list = text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((x) => Number(x) - base);
  return normalizeHolds([...new Set(list)]) ?? [];
}

/**
 * The parameters a stored round was played with, in the form's shape; for the move-by-move games, the moves
 * it recorded (in its outcome).
 */
export function paramsOfRound(
  engine: HouseEngine,
  params: Record<string, unknown>,
  outcome: Record<string, unknown> = {},
): Partial<VerifyInput> {
  switch (engine) {
    case "hilo":
      return { hilo: { moves: ((outcome.moves as HiloMove[] | undefined) ?? []).filter(isHiloMove) } };
    case "videopoker":
      return { videopoker: { holds: normalizeHolds(outcome.holds) ?? [] } };
    case "blackjack":
      return { blackjack: { actions: actionsFromText(String((params.actions as string[]) ?? "")) } };
    case "dice":
    case "limbo":
    case "plinko":
    case "mines":
    case "baccarat":
    case "keno":
    case "roulette":
    case "wheel":
      // These replay from the parameters the round was played with, as stored.
      return { [engine]: params } as Partial<VerifyInput>;
    default:
      return {};
  }
}

/** Moves typed or linked as "split, double, stand": the known ones, in order (the replay judges them). */
export function actionsFromText(text: string): BlackjackAction[] {
  return text
    .split(/[\s,]+/)
    .map((a) => a.trim().toLowerCase())
    .filter(isBlackjackAction);
}
