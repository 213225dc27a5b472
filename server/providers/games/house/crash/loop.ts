/**
 * The crash game's round loop (decision 0034). Every process runs the timer, but only the holder of the
 * `crash_lease` row moves rounds on: it renews the lease each second, and another process takes it over once it
 * has lapsed for LEASE_MS (the holder died or hung). Every step is a conditional update, so a step repeated, or
 * briefly run by two processes, changes nothing twice.
 *
 * One step, from the latest round:
 * - none, or the last one over and settled and its pause passed: the next hash of the chain makes a new round,
 *   in its betting phase;
 * - a round unfinished that another process ran: its leader was lost before the end, so it is void (its point
 *   never reached anyone's screen): cash-outs made are paid, every other stake returned;
 * - betting past its end: running; running: auto cash-outs whose target the curve reached, then the crash at
 *   its time; crashed a second ago (late cash-outs received in time have landed): every bet still in is closed.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { CRASH_EVENTS } from "#common/api/crash";
import { crashCentsAt, crashMsTo, crashPointCents } from "#common/house-games";
import { rowsOf } from "../../../../db/client";
import { activeChain, ensureChain, walkOf } from "./chain";
import {
  announce,
  type CrashDeps,
  type CrashRound,
  finishBet,
  finishRoundBets,
  latestRound,
  publicBet,
  roundView,
} from "./service";
import { crashBets, crashRounds } from "./tables";

export const LEASE_MS = 3_000;
/** After the crash, how long cash-outs received before it have to land before the losing bets are closed. */
export const SETTLE_GRACE_MS = 1_000;

const lastIndexOf = async (deps: CrashDeps, chainId: number) => {
  const [r] = await deps.db
    .select({ max: sql<number | null>`max(${crashRounds.chainIndex})` })
    .from(crashRounds)
    .where(eq(crashRounds.chainId, chainId));
  return Number(r?.max ?? 0);
};

async function newRound(deps: CrashDeps, me: string, now: Date): Promise<void> {
  let chain = (await activeChain(deps.db)) ?? (await ensureChain(deps.db, deps.settings.chainLength));
  let index = (await lastIndexOf(deps, chain.id)) + 1;
  if (index >= chain.length) {
    chain = await ensureChain(deps.db, deps.settings.chainLength, chain.id);
    index = (await lastIndexOf(deps, chain.id)) + 1;
  }
  const hash = (await walkOf(chain)).hashAt(index);
  const crashCents = crashPointCents(hash, chain.salt);
  const bettingEndsAt = new Date(now.getTime() + deps.settings.bettingMs);
  const [made] = await deps.db
    .insert(crashRounds)
    .values({
      chainId: chain.id,
      chainIndex: index,
      hash,
      crashCents,
      phase: "betting",
      bettingEndsAt,
      crashAt: new Date(bettingEndsAt.getTime() + crashMsTo(crashCents)),
      runBy: me,
    })
    .onConflictDoNothing()
    .returning();
  if (made) announce(deps, CRASH_EVENTS.round, { ...roundView(made), serverTime: now.toISOString() });
}

/** Moves a phase on, only from the phase it was in (another step may have done it). */
async function advance(deps: CrashDeps, r: CrashRound, from: CrashRound["phase"], to: CrashRound["phase"]) {
  const [moved] = await deps.db
    .update(crashRounds)
    .set({ phase: to })
    .where(and(eq(crashRounds.id, r.id), eq(crashRounds.phase, from)))
    .returning();
  if (moved)
    announce(deps, CRASH_EVENTS.round, { ...roundView(moved), serverTime: deps.clock.now().toISOString() });
  return moved;
}

/** Pays the bets whose auto cash-out target the curve has reached (never above the crash point). */
async function autoCashOuts(deps: CrashDeps, r: CrashRound, now: Date): Promise<void> {
  const reached = Math.min(crashCentsAt(now.getTime() - r.bettingEndsAt.getTime()), r.crashCents);
  const due = await deps.db
    .select()
    .from(crashBets)
    .where(
      and(
        eq(crashBets.roundId, r.id),
        eq(crashBets.status, "active"),
        lte(crashBets.autoCashOutCents, reached),
      ),
    );
  // finishBet treats a crashed round's active bets by their targets: the same rule, applied as the curve passes.
  const asCrashed = { ...r, phase: "crashed" as const, crashCents: reached };
  await Promise.all(due.map((b) => finishBet(deps, b, asCrashed).catch(() => undefined)));
}

async function settle(deps: CrashDeps, r: CrashRound, now: Date): Promise<void> {
  await finishRoundBets(deps, r);
  // Settled even if a wallet did not answer: the recovery job finishes those bets (recoverCrashBets).
  const [done] = await deps.db
    .update(crashRounds)
    .set({ settledAt: now })
    .where(and(eq(crashRounds.id, r.id), isNull(crashRounds.settledAt)))
    .returning();
  if (!done) return;
  const bets = await deps.db
    .select()
    .from(crashBets)
    .where(and(eq(crashBets.roundId, r.id), inArray(crashBets.status, ["settled", "refunded", "paying"])));
  announce(deps, CRASH_EVENTS.settled, { roundId: String(r.id), bets: bets.map(publicBet) });
}

/** One step of the loop at the clock's time; `me` names this process (the lease holder). */
export async function crashStep(deps: CrashDeps, me: string): Promise<void> {
  const now = deps.clock.now();
  const r = await latestRound(deps);
  if (!r) return newRound(deps, me, now);
  if ((r.phase === "betting" || r.phase === "running") && r.runBy !== me) {
    const voided = await advance(deps, r, r.phase, "void");
    if (voided) await settle(deps, voided, now);
    return;
  }
  switch (r.phase) {
    case "betting":
      if (now >= r.bettingEndsAt) await advance(deps, r, "betting", "running");
      return;
    case "running":
      await autoCashOuts(deps, r, now);
      if (now >= r.crashAt) await advance(deps, r, "running", "crashed");
      return;
    case "crashed":
      if (!r.settledAt) {
        if (now.getTime() >= r.crashAt.getTime() + SETTLE_GRACE_MS) await settle(deps, r, now);
        return;
      }
      if (now.getTime() >= r.crashAt.getTime() + Math.max(deps.settings.pauseMs, SETTLE_GRACE_MS))
        await newRound(deps, me, now);
      return;
    case "void":
      if (!r.settledAt) await settle(deps, r, now);
      else await newRound(deps, me, now);
      return;
  }
}

/** Takes or renews the lease for `me`; answers whether `me` holds it now. */
export async function holdLease(deps: CrashDeps, me: string): Promise<boolean> {
  const now = deps.clock.now();
  const until = new Date(now.getTime() + LEASE_MS);
  const [lease] = await rowsOf<{ holder: string }>(
    deps.db,
    sql`
    insert into crash_lease (name, holder, expires_at) values ('rounds', ${me}, ${until.toISOString()}::timestamptz)
    on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
    where crash_lease.holder = excluded.holder or crash_lease.expires_at < ${now.toISOString()}::timestamptz
    returning holder`,
  );
  return lease?.holder === me;
}

export interface CrashLoop {
  /** This process's name in the lease and on the rounds it runs. */
  me: string;
  stop(): Promise<void>;
}

/**
 * Runs the loop in this process: a step every `tickMs` while it holds the lease (renewed each second). A failed
 * step is logged and tried again on the next tick.
 */
export function startCrashLoop(
  deps: CrashDeps,
  o: { tickMs?: number; log: { error(obj: object, msg: string): void }; me?: string },
): CrashLoop {
  const me = o.me ?? `crash-${randomUUID()}`;
  const tickMs = o.tickMs ?? 100;
  let stopped = false;
  let leader = false;
  let leaseCheckedAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    try {
      const t = Date.now();
      if (t - leaseCheckedAt >= 1_000) {
        leader = await holdLease(deps, me);
        leaseCheckedAt = t;
      }
      if (leader && !stopped) await crashStep(deps, me);
    } catch (err) {
      o.log.error({ err }, "crash round step failed");
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(schedule);
    }, tickMs);
    timer.unref?.();
  };
  schedule();
  return {
    me,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      // Let another process take the rounds at once instead of waiting for the lease to lapse.
      if (leader)
        await deps.db
          .execute(sql`update crash_lease set expires_at = now() - interval '1 second' where holder = ${me}`)
          .catch(() => undefined);
    },
  };
}
