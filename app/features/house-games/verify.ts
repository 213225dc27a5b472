import {
  crashPointCents,
  dealRound,
  HOUSE_ENGINES,
  type HouseEngine,
  isPlinkoRisk,
  isPlinkoRows,
  minesMultiplier,
  multiplierText,
  type PlinkoRisk,
  type PlinkoRows,
} from "#common/house-games";
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
}

/** What a round's outcome comes down to, engine by engine: one line a person can compare. */
export type Recomputed =
  | { engine: "dice"; roll: number; win: boolean; multiplier: string }
  | { engine: "limbo"; result: number; win: boolean; multiplier: string }
  | { engine: "plinko"; path: number[]; bucket: number; multiplier: string }
  | { engine: "slot"; stops: number[]; grid: string[][]; multiplier: string }
  | { engine: "mines"; mines: number[] }
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
    case "crash":
      // One round of the hash chain (decision 0030): HMAC_SHA256(key = round hash, message = salt).
      return { engine: "crash", crashPoint: crashPointCents(seeds.serverSeed, input.clientSeed) / 100 };
  }
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
    case "crash":
      return recorded.crashPoint === r.crashPoint;
    case "mines":
      return (
        Array.isArray(recorded.mines) &&
        JSON.stringify([...recorded.mines].sort((a, b) => a - b)) ===
          JSON.stringify([...r.mines].sort((a, b) => a - b))
      );
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
  };
}

/** The parameters a stored round was played with, in the form's shape. */
export function paramsOfRound(engine: HouseEngine, params: Record<string, unknown>): Partial<VerifyInput> {
  switch (engine) {
    case "dice":
      return { dice: params as VerifyInput["dice"] };
    case "limbo":
      return { limbo: params as VerifyInput["limbo"] };
    case "plinko":
      return { plinko: params as VerifyInput["plinko"] };
    case "mines":
      return { mines: params as VerifyInput["mines"] };
    default:
      return {};
  }
}
