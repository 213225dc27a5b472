import { z } from "zod";
import { decimalString } from "./shared";

/**
 * The crash game's API (decision 0034): the game page's calls under /api/house/sessions/{token}/crash…, and
 * the public fairness calls under /api/house/crash/…. Multipliers travel as numbers with 2 decimals (2.5 = 2.50×).
 */

export const CRASH_PHASES = ["betting", "running", "crashed", "void"] as const;

/** A round as everyone sees it: the point and the hash only once it is over. */
export const crashRoundView = z
  .object({
    id: z.string(),
    chainId: z.string(),
    chainIndex: z.number().int(),
    phase: z.enum(CRASH_PHASES),
    /** When betting closes and the curve starts (ISO). */
    bettingEndsAt: z.string(),
    /** Once over: when it crashed (a void round: absent). */
    crashedAt: z.string().optional(),
    crashPoint: z.number().optional(),
    hash: z.string().optional(),
  })
  .meta({ id: "CrashRound" });
export type CrashRoundView = z.infer<typeof crashRoundView>;

/** A bet as every player sees it: the name masked, the auto cash-out target not shown. */
export const crashPublicBet = z
  .object({
    id: z.string(),
    roundId: z.string(),
    player: z.string(),
    amount: decimalString,
    currency: z.string(),
    /** in: riding the curve; won: cashed out; lost: rode to the crash; refunded: the round was void. */
    state: z.enum(["in", "won", "lost", "refunded"]),
    cashOut: z.number().optional(),
    payout: decimalString.optional(),
  })
  .meta({ id: "CrashPublicBet" });
export type CrashPublicBet = z.infer<typeof crashPublicBet>;

/** The player's own bet: the public view plus the auto cash-out target. */
export const crashOwnBet = crashPublicBet
  .extend({ autoCashOut: z.number().nullable() })
  .meta({ id: "CrashOwnBet" });
export type CrashOwnBet = z.infer<typeof crashOwnBet>;

export const crashFairness = z
  .object({
    chainId: z.string(),
    /** h_0 of the active chain, published before its first round. */
    commitment: z.string(),
    salt: z.string(),
    length: z.number().int(),
    /** Recent rounds that are over, newest first: their hashes and points, to check. */
    rounds: z.array(crashRoundView),
  })
  .meta({ id: "CrashFairness" });
export type CrashFairness = z.infer<typeof crashFairness>;

/** What the curve is: multiplier(t) = e^(t / curveMs) after t ms of running. */
export const crashState = z
  .object({
    round: crashRoundView,
    bets: z.array(crashPublicBet),
    mine: crashOwnBet.nullable(),
    /** The last rounds' crash points, newest first. */
    recent: z.array(crashRoundView),
    balance: decimalString,
    /** The server's clock when it answered (ISO): the page draws the curve on it. */
    serverTime: z.string(),
    curveMs: z.number(),
    fairness: z.object({ chainId: z.string(), commitment: z.string(), salt: z.string() }),
  })
  .meta({ id: "CrashState" });
export type CrashState = z.infer<typeof crashState>;

export const crashBetBody = z.object({
  amount: z.string().max(60),
  /** Cash out automatically at this multiplier (1.01 … 1,000,000, 2 decimals). */
  autoCashOut: z.number().nullable().optional(),
});
export type CrashBetRequest = z.infer<typeof crashBetBody>;

export const crashBetAnswer = z
  .object({ bet: crashOwnBet, balance: decimalString, serverTime: z.string() })
  .meta({ id: "CrashBetAnswer" });
export type CrashBetAnswer = z.infer<typeof crashBetAnswer>;

/** The player's own rounds, newest first, with each round's view (its hash once over). */
export const crashHistory = z
  .object({ bets: z.array(crashOwnBet.extend({ round: crashRoundView, createdAt: z.string() })) })
  .meta({ id: "CrashHistory" });
export type CrashHistory = z.infer<typeof crashHistory>;

/** One round for the verifier: its hash once over, and the hash the one before it must have. */
export const crashVerifiable = z
  .object({ round: crashRoundView, salt: z.string(), previousHash: z.string().nullable() })
  .meta({ id: "CrashVerifiable" });
export type CrashVerifiable = z.infer<typeof crashVerifiable>;

/**
 * Events of the public channel `crash:game`: `crash.round` (a round's phase changed; a `CrashRoundView` plus
 * `serverTime`), `crash.bet` (a bet joined) and `crash.cashout` (a bet was cashed out; each a `CrashPublicBet`),
 * and `crash.settled` (the round's bets were closed: `{ roundId, bets: CrashPublicBet[] }`).
 */
export const CRASH_EVENTS = {
  round: "crash.round",
  bet: "crash.bet",
  cashOut: "crash.cashout",
  settled: "crash.settled",
} as const;
