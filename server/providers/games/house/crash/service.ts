/**
 * Crash, the multiplayer house game (decision 0034): one round for everybody on the server's clock. Any process
 * takes bets and cash-outs, deciding each by its clock at the moment the call arrives against the round's stored
 * times; one process, the lease holder (loop.ts), moves the rounds on and settles them.
 */
import { createHash } from "node:crypto";
import { and, desc, eq, inArray, isNotNull, lt, ne } from "drizzle-orm";
import { CRASH_EVENTS, type CrashOwnBet, type CrashPublicBet, type CrashRoundView } from "#common/api/crash";
import {
  CRASH_CURVE_MS,
  CRASH_MAX_CENTS,
  CRASH_MIN_TARGET_CENTS,
  crashCentsAt,
  payout,
} from "#common/house-games";
import { normalizeAmount } from "#common/money";
import { CRASH_CHANNEL, type RealtimeEvent } from "#common/realtime";
import { ApiError } from "../../../../http/errors";
import type { Publisher } from "../../../../realtime/publisher";
import {
  balanceOf,
  checkBet,
  type HouseDeps,
  ownerOf,
  placesOf,
  type Session,
  sessionOf,
  sessionRow,
  WalletRefusal,
} from "../service";
import { crashBets, crashChains, crashRounds } from "./tables";
import { payResult, returnStake, takeStake } from "./wallet";

export interface CrashSettings {
  bettingMs: number;
  /** From a crash to the next round's betting. */
  pauseMs: number;
  chainLength: number;
}

export interface CrashDeps extends HouseDeps {
  publisher: Publisher;
  settings: CrashSettings;
}

export type CrashRound = typeof crashRounds.$inferSelect;
export type CrashBet = typeof crashBets.$inferSelect;

/** Bets not yet closed one way or the other. */
export const UNFINISHED = ["open", "active", "paying", "voiding"] as const;

export function announce(deps: CrashDeps, event: string, data: unknown): void {
  void deps.publisher.publish(CRASH_CHANNEL, { event, data } as RealtimeEvent).catch(() => undefined);
}

const over = (r: CrashRound) => r.phase === "crashed" || r.phase === "void";

export function roundView(r: CrashRound): CrashRoundView {
  return {
    id: String(r.id),
    chainId: String(r.chainId),
    chainIndex: r.chainIndex,
    phase: r.phase,
    bettingEndsAt: r.bettingEndsAt.toISOString(),
    ...(r.phase === "crashed" ? { crashedAt: r.crashAt.toISOString(), crashPoint: r.crashCents / 100 } : {}),
    // A void round's point was never reached on anyone's screen; its hash is shown so the chain stays whole.
    ...(over(r) ? { hash: r.hash } : {}),
  };
}

export function publicBet(b: CrashBet): CrashPublicBet {
  const closed = b.status === "paying" || b.status === "settled";
  const state =
    b.status === "voiding" || b.status === "refunded"
      ? "refunded"
      : b.cashOutCents !== null
        ? "won"
        : closed
          ? "lost"
          : "in";
  return {
    id: String(b.id),
    roundId: String(b.roundId),
    player: b.displayName,
    amount: normalizeAmount(b.bet)!,
    currency: b.currency,
    state,
    ...(b.cashOutCents !== null ? { cashOut: b.cashOutCents / 100, payout: normalizeAmount(b.payout)! } : {}),
  };
}

export const ownBet = (b: CrashBet): CrashOwnBet => ({
  ...publicBet(b),
  autoCashOut: b.autoCashOutCents === null ? null : b.autoCashOutCents / 100,
});

/**
 * How other players see an owner: the provider knows players only by the wallet's id, and shows none of it, only
 * three hex digits of its hash (stable, so a player is recognisable from round to round).
 */
export function maskedName(owner: string): string {
  const tag = createHash("sha256").update(owner).digest("hex").slice(0, 3);
  return `${owner.startsWith("demo:") ? "guest" : "player"}***${tag}`;
}

export async function latestRound(deps: HouseDeps): Promise<CrashRound | undefined> {
  const [r] = await deps.db.select().from(crashRounds).orderBy(desc(crashRounds.id)).limit(1);
  return r;
}

async function crashSession(deps: HouseDeps, token: string): Promise<Session> {
  const s = await sessionOf(deps, token);
  if (s.engine !== "crash") throw new ApiError(422, "wrong_game", "This is not a crash game");
  return s;
}

async function roundOrUnavailable(deps: HouseDeps): Promise<CrashRound> {
  const r = await latestRound(deps);
  if (!r) throw new ApiError(503, "provider_unavailable", "The first round is being prepared: try again");
  return r;
}

/** What the game page starts from: the round, its bets, the player's own, recent points and the commitment. */
export async function crashState(deps: CrashDeps, token: string) {
  const s = await crashSession(deps, token);
  const owner = await ownerOf(deps, s);
  const round = await roundOrUnavailable(deps);
  const bets = await deps.db
    .select()
    .from(crashBets)
    .where(and(eq(crashBets.roundId, round.id), ne(crashBets.status, "refused")))
    .orderBy(crashBets.id);
  const recent = await deps.db
    .select()
    .from(crashRounds)
    .where(and(inArray(crashRounds.phase, ["crashed", "void"]), lt(crashRounds.id, round.id)))
    .orderBy(desc(crashRounds.id))
    .limit(20);
  const [chain] = await deps.db.select().from(crashChains).where(eq(crashChains.id, round.chainId));
  const mine = bets.find((b) => b.owner === owner);
  return {
    round: roundView(round),
    bets: bets.map(publicBet),
    mine: mine ? ownBet(mine) : null,
    recent: recent.map(roundView),
    balance: await balanceOf(deps, s),
    serverTime: deps.clock.now().toISOString(),
    curveMs: CRASH_CURVE_MS,
    fairness: { chainId: String(chain!.id), commitment: chain!.commitment, salt: chain!.salt },
  };
}

/** An auto cash-out target as the server takes it: 2 decimals, 1.01× … 1,000,000×; null for none. */
export function autoCashOutCents(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  const invalid = () =>
    new ApiError(422, "validation_error", "Some fields are not valid", {
      autoCashOut: [`From ${CRASH_MIN_TARGET_CENTS / 100} to ${CRASH_MAX_CENTS / 100}, 2 decimals at most`],
    });
  if (typeof value !== "number" || !Number.isFinite(value)) throw invalid();
  const cents = Math.round(value * 100);
  if (Math.abs(value * 100 - cents) > 1e-6 || cents < CRASH_MIN_TARGET_CENTS || cents > CRASH_MAX_CENTS)
    throw invalid();
  return cents;
}

/**
 * A bet in the betting phase, one per player and round. The bet is written before its stake (so recovery
 * finds it whatever happens), then staked; refused by the wallet, it is marked so and the player may try again.
 */
export async function placeCrashBet(
  deps: CrashDeps,
  token: string,
  body: { amount: unknown; autoCashOut?: unknown },
) {
  const receivedAt = deps.clock.now();
  const s = await crashSession(deps, token);
  const amount = checkBet(body.amount);
  const auto = autoCashOutCents(body.autoCashOut);
  const round = await roundOrUnavailable(deps);
  if (round.phase !== "betting" || receivedAt >= round.bettingEndsAt)
    throw new ApiError(
      409,
      "betting_closed",
      "Bets are taken before the round starts: wait for the next one",
    );
  const owner = await ownerOf(deps, s);
  const [bet] = await deps.db
    .insert(crashBets)
    .values({
      roundId: round.id,
      token: s.token,
      owner,
      displayName: maskedName(owner),
      bet: amount,
      currency: s.currency,
      autoCashOutCents: auto,
      status: "open",
    })
    .onConflictDoNothing()
    .returning();
  if (!bet) throw new ApiError(409, "already_bet", "You already have a bet in this round");
  let balance: string;
  try {
    balance = await takeStake(deps, s, bet.id, amount, async (db) => {
      await db
        .update(crashBets)
        .set({ status: "active" })
        .where(and(eq(crashBets.id, bet.id), eq(crashBets.status, "open")));
    });
  } catch (err) {
    // A definite no: nothing was booked. No answer at all: the stake may be booked; recovery settles it.
    if (err instanceof WalletRefusal)
      await deps.db.update(crashBets).set({ status: "refused" }).where(eq(crashBets.id, bet.id));
    throw err;
  }
  const placed = { ...bet, status: "active" as const };
  announce(deps, CRASH_EVENTS.bet, publicBet(placed));
  return { bet: ownBet(placed), balance, serverTime: receivedAt.toISOString() };
}

/** The stake times a multiplier in hundredths, rounded down to the currency's smallest unit. */
const winOf = (b: CrashBet, cents: number) =>
  payout(normalizeAmount(b.bet)!, cents * 100, placesOf(b.currency));

/**
 * Cashes the player's bet out at the multiplier the round shows at the moment the call arrived (this server's
 * clock, never the page's). Too early (betting) or too late (at or after the crash time) is refused.
 */
export async function cashOutCrash(deps: CrashDeps, token: string) {
  const receivedAt = deps.clock.now();
  const s = await crashSession(deps, token);
  const owner = await ownerOf(deps, s);
  const round = await roundOrUnavailable(deps);
  const [bet] = await deps.db
    .select()
    .from(crashBets)
    .where(and(eq(crashBets.roundId, round.id), eq(crashBets.owner, owner), ne(crashBets.status, "refused")));
  if (!bet) throw new ApiError(409, "no_round", "You have no bet in this round");
  if (bet.cashOutCents !== null)
    throw new ApiError(409, "nothing_to_cash", "This bet was cashed out already");
  if (round.phase === "betting" && receivedAt < round.bettingEndsAt)
    throw new ApiError(409, "not_running", "The round has not started yet");
  if (round.phase === "void" || receivedAt >= round.crashAt || bet.status !== "active")
    throw new ApiError(409, "crashed", "Too late: the round crashed");
  const running = receivedAt.getTime() - round.bettingEndsAt.getTime();
  // An auto cash-out the loop had not reached yet still pays its target, not more.
  const cents = Math.min(crashCentsAt(running), round.crashCents, bet.autoCashOutCents ?? CRASH_MAX_CENTS);
  const [cashed] = await deps.db
    .update(crashBets)
    .set({ status: "paying", cashOutCents: cents, payout: winOf(bet, cents) })
    .where(and(eq(crashBets.id, bet.id), eq(crashBets.status, "active")))
    .returning();
  if (!cashed) {
    // The loop closed it meanwhile: cashed out at its target, or lost at the crash.
    const [now] = await deps.db.select().from(crashBets).where(eq(crashBets.id, bet.id));
    if (now?.cashOutCents !== null)
      throw new ApiError(409, "nothing_to_cash", "This bet was cashed out already");
    throw new ApiError(409, "crashed", "Too late: the round crashed");
  }
  announce(deps, CRASH_EVENTS.cashOut, publicBet(cashed));
  const balance = (await payBet(deps, s, cashed)) ?? (await balanceOf(deps, s));
  return {
    bet: ownBet({ ...cashed, status: "settled" }),
    balance,
    serverTime: receivedAt.toISOString(),
  };
}

/** Sends a bet's result (its payout, 0 when lost) and marks it settled; answers the balance after. */
async function payBet(deps: HouseDeps, s: Session, b: CrashBet): Promise<string | undefined> {
  return payResult(deps, s, b.id, normalizeAmount(b.payout)!, async () => {
    const done = await deps.db
      .update(crashBets)
      .set({ status: "settled" })
      .where(and(eq(crashBets.id, b.id), eq(crashBets.status, "paying")))
      .returning({ id: crashBets.id });
    return done.length > 0;
  });
}

/**
 * Closes one bet of a round that is over, whatever state a failure left it in; safe to repeat.
 * - crashed round: an auto target up to the point is paid at the target, any other bet still in loses (a win
 *   of 0 closes it); a result decided but not confirmed is sent again (same transaction id).
 * - void round: a cash-out already made is paid; every other stake is returned.
 * - a bet whose stake call never came back (`open`) is rolled back, its stake returned if it was booked.
 */
export async function finishBet(deps: CrashDeps, b: CrashBet, round: CrashRound): Promise<void> {
  const s = await sessionRow(deps.db, b.token);
  if (!s) return;
  let bet = b;
  if (bet.status === "active" && round.phase === "crashed") {
    const auto = bet.autoCashOutCents;
    const won = auto !== null && auto <= round.crashCents;
    const [closed] = await deps.db
      .update(crashBets)
      .set(won ? { status: "paying", cashOutCents: auto, payout: winOf(bet, auto) } : { status: "paying" })
      .where(and(eq(crashBets.id, bet.id), eq(crashBets.status, "active")))
      .returning();
    if (!closed) return;
    if (won) announce(deps, CRASH_EVENTS.cashOut, publicBet(closed));
    bet = closed;
  }
  if (bet.status === "paying") {
    await payBet(deps, s, bet);
    return;
  }
  const stakeMayBeTaken = bet.status === "active" || bet.status === "voiding" || bet.status === "open";
  if (bet.status === "active" || bet.status === "open") {
    // Claimed first, so a late cash-out or a late stake confirmation finds it closed.
    const [claimed] = await deps.db
      .update(crashBets)
      .set({ status: "voiding" })
      .where(and(eq(crashBets.id, bet.id), eq(crashBets.status, bet.status)))
      .returning();
    if (!claimed) return;
    bet = claimed;
  }
  if (bet.status !== "voiding") return;
  // Demo: an `open` bet's credits were never taken (they go in one transaction with its activation).
  const taken = s.mode === "demo" ? b.status !== "open" : stakeMayBeTaken;
  await returnStake(deps, s, bet.id, normalizeAmount(bet.bet)!, taken, async () => {
    const done = await deps.db
      .update(crashBets)
      .set({ status: "refunded" })
      .where(and(eq(crashBets.id, bet.id), eq(crashBets.status, "voiding")))
      .returning({ id: crashBets.id });
    return done.length > 0;
  });
}

/** Closes every unfinished bet of a round that is over; answers how many could not be closed now. */
export async function finishRoundBets(deps: CrashDeps, round: CrashRound): Promise<number> {
  const open = await deps.db
    .select()
    .from(crashBets)
    .where(and(eq(crashBets.roundId, round.id), inArray(crashBets.status, [...UNFINISHED])));
  let failed = 0;
  await Promise.all(
    open.map((b) =>
      finishBet(deps, b, round).catch(() => {
        failed++;
      }),
    ),
  );
  return failed;
}

/**
 * Bets a failure left unfinished in rounds the loop already settled (a stake confirmed after the round was
 * closed, a wallet that did not answer): closed here, by the recovery job, once older than `staleMs`.
 */
export async function recoverCrashBets(deps: CrashDeps, staleMs: number) {
  const before = new Date(deps.clock.now().getTime() - staleMs);
  const rows = await deps.db
    .select({ bet: crashBets, round: crashRounds })
    .from(crashBets)
    .innerJoin(crashRounds, eq(crashRounds.id, crashBets.roundId))
    .where(
      and(
        inArray(crashBets.status, [...UNFINISHED]),
        isNotNull(crashRounds.settledAt),
        lt(crashBets.createdAt, before),
      ),
    )
    .orderBy(crashBets.id)
    .limit(500);
  let closed = 0;
  let failed = 0;
  for (const { bet, round } of rows) {
    try {
      await finishBet(deps, bet, round);
      closed++;
    } catch {
      failed++;
    }
  }
  return { closed, failed };
}

/** The player's own rounds, newest first. */
export async function crashHistoryOf(deps: CrashDeps, token: string) {
  const s = await crashSession(deps, token);
  const owner = await ownerOf(deps, s);
  const rows = await deps.db
    .select({ bet: crashBets, round: crashRounds })
    .from(crashBets)
    .innerJoin(crashRounds, eq(crashRounds.id, crashBets.roundId))
    .where(and(eq(crashBets.owner, owner), ne(crashBets.status, "refused")))
    .orderBy(desc(crashBets.id))
    .limit(30);
  return {
    bets: rows.map(({ bet, round }) => ({
      ...ownBet(bet),
      round: roundView(round),
      createdAt: bet.createdAt.toISOString(),
    })),
  };
}

/** The public fairness record: the active chain's commitment and salt, and the last rounds revealed. */
export async function crashFairnessRecord(deps: CrashDeps) {
  // The chain of the latest round; before any round, the newest chain (its commitment is published before its
  // first round is played). Before the first chain is made (a server's first seconds) there is nothing yet.
  const round = await latestRound(deps);
  const [chain] = await deps.db
    .select()
    .from(crashChains)
    .where(round ? eq(crashChains.id, round.chainId) : undefined)
    .orderBy(desc(crashChains.id))
    .limit(1);
  if (!chain) throw ApiError.notFound("The crash game's first hash chain is not made yet");
  const rounds = await deps.db
    .select()
    .from(crashRounds)
    .where(and(eq(crashRounds.chainId, chain!.id), inArray(crashRounds.phase, ["crashed", "void"])))
    .orderBy(desc(crashRounds.id))
    .limit(50);
  return {
    chainId: String(chain!.id),
    commitment: chain!.commitment,
    salt: chain!.salt,
    length: chain!.length,
    rounds: rounds.map(roundView),
  };
}

/** One round for the verifier: the hash once over, and what the previous round's hash must be. */
export async function crashRoundForVerification(deps: CrashDeps, id: string) {
  if (!/^\d{1,15}$/.test(id)) throw ApiError.notFound("No such round");
  const [row] = await deps.db
    .select({ round: crashRounds, chain: crashChains })
    .from(crashRounds)
    .innerJoin(crashChains, eq(crashChains.id, crashRounds.chainId))
    .where(eq(crashRounds.id, Number(id)));
  if (!row) throw ApiError.notFound("No such round");
  let previousHash: string | null = null;
  if (over(row.round)) {
    if (row.round.chainIndex === 1) previousHash = row.chain.commitment;
    else {
      const [prev] = await deps.db
        .select({ hash: crashRounds.hash, phase: crashRounds.phase })
        .from(crashRounds)
        .where(
          and(
            eq(crashRounds.chainId, row.round.chainId),
            eq(crashRounds.chainIndex, row.round.chainIndex - 1),
          ),
        );
      previousHash = prev && (prev.phase === "crashed" || prev.phase === "void") ? prev.hash : null;
    }
  }
  return { round: roundView(row.round), salt: row.chain.salt, previousHash };
}
