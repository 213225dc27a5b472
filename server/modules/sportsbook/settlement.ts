import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { addAmounts, compareAmounts, negate, normalizeAmount } from "#common/money";
import { type LegStatus, outcomeSoFar } from "#common/sport/payouts";
import { type Db, rowsOf } from "../../db/client";
import type { OddsFeed, SelectionResult } from "../../providers/odds/port";
import { afterCommit } from "../../realtime/publisher";
import { recordBetSettled, recordBetsSettled } from "../facts";
import {
  announceAccount,
  house,
  lockAccounts,
  lockedBalances,
  postQuietly,
  settleMany,
  settle as settleStakes,
  stakeSplits,
} from "../wallet";
import { announceBet } from "./announce";
import type { BetRow, LegRow } from "./bets";
import { MANUAL_RESULT_VERSION, type ManualResult } from "./book";
import type { SportsbookDeps } from "./deps";
import { collectFromPayout, lockOwedByBet, queueShortfall } from "./shortfalls";
import { sportBetLegs, sportBets, sportManualResults, sportMissingEvents, sportSettlements } from "./tables";

type Send = (channel: string, event: { event: string; data: unknown }) => void;
type Outcome = NonNullable<ReturnType<typeof outcomeSoFar>>;

/**
 * Settlement from the feed's results (docs/sportsbook-api.md, "Settlement rules"). A bet settles under its row
 * lock: its legs take the latest results, and when none is open the bet is paid. An event's bets settle a
 * batch to a transaction (`settleBatch`, issue 38); a bet the batch leaves aside, and a bet settled alone, take
 * their own transaction (`settleBet`).
 * A settlement is keyed by (bet, revision), the revision being the sum of its legs' result versions; the
 * payout's ledger key names it too, so a revision is paid exactly once whatever crashes or runs twice. A
 * corrected result raises the revision: the previous payout is taken back and the new one paid.
 */

/** A cancelled event is final: its version outranks any result the feed might still send. */
export const CANCELLED_VERSION = 1_000_000;

/** What the feed says of a leg now: its outcome and the version it comes from, or nothing new. */
function legOutcome(
  feed: OddsFeed,
  leg: LegRow,
  dropped?: ReadonlySet<number>,
  manual?: ReadonlyMap<string, ManualResult>,
): { status: LegStatus; version: number } | undefined {
  // A trader's result (decision 0022) outranks whatever the feed says or will say of the market.
  const m = manual?.get(manualKey(leg.eventId, leg.marketId));
  if (m) return { status: m.results[leg.selectionId] ?? "void", version: MANUAL_RESULT_VERSION + m.version };
  // An event the feed dropped for good (voidDroppedEvents) is void, as final as a cancellation.
  if (dropped?.has(leg.eventId)) return { status: "void", version: CANCELLED_VERSION };
  const event = feed.event(leg.eventId);
  if (event?.status === "cancelled") return { status: "void", version: CANCELLED_VERSION };
  const results = feed.results(leg.eventId);
  if (!results) return undefined;
  const market = results.markets.find((m) => m.marketId === leg.marketId);
  // The feed settled the event without this market (or without this selection): the leg is void.
  const r: SelectionResult = market?.results[leg.selectionId] ?? "void";
  return { status: r, version: results.version };
}

/**
 * Settles one bet from the feed as it stands (legs on `dropped` events void); answers whether anything changed.
 */
export async function settleBet(
  deps: SportsbookDeps,
  betId: bigint,
  dropped?: ReadonlySet<number>,
): Promise<boolean> {
  return afterCommit(deps.publisher, (send) =>
    deps.db.transaction(async (tx) => {
      const [bet] = await tx.select().from(sportBets).where(eq(sportBets.id, betId)).for("update");
      // Pending bets are decided by the live delay first; cashed-out and refused bets are final.
      if (!bet || bet.status === "pending" || bet.status === "cashed_out" || bet.status === "rejected")
        return false;
      const legs = (await tx.select().from(sportBetLegs).where(eq(sportBetLegs.betId, betId))).sort(
        (a, b) => a.position - b.position,
      );
      const manual = await manualResultsFor(tx, legs);
      let legsChanged = false;
      for (const leg of legs) {
        const o = legOutcome(deps.feed, leg, dropped, manual);
        if (!o || o.version <= leg.resultVersion) continue;
        await tx
          .update(sportBetLegs)
          .set({ status: o.status, resultVersion: o.version })
          .where(and(eq(sportBetLegs.betId, betId), eq(sportBetLegs.position, leg.position)));
        leg.status = o.status;
        leg.resultVersion = o.version;
        legsChanged = true;
      }
      if (!legsChanged) return false;
      const outcome = outcomeOf(bet, legs);
      if (!outcome) {
        // Still waiting; a bet lost early whose lost leg a correction turned is open again (it paid nothing).
        const shown =
          bet.status === "open"
            ? bet
            : (
                await tx
                  .update(sportBets)
                  .set({ status: "open", payout: null, settledAt: null, updatedAt: deps.clock.now() })
                  .where(eq(sportBets.id, bet.id))
                  .returning()
              )[0]!;
        await announceBet(tx, send, deps, shown, legs, { balanceMoved: false });
        return true;
      }
      const revision = legs.reduce((s, l) => s + l.resultVersion, 0);
      const updated = await payRevision(tx, send, deps, bet, legs, revision, outcome);
      await announceBet(tx, send, deps, updated, legs);
      return true;
    }),
  );
}

const manualKey = (eventId: number, marketId: string) => `${eventId}|${marketId}`;

/**
 * What the bet pays from its legs as they stand: every leg known, or a lost leg that no later result can mend
 * (a combo's lost leg settles it as lost at once); undefined while it waits.
 */
const outcomeOf = (bet: BetRow, legs: LegRow[]) =>
  outcomeSoFar(
    { type: bet.type, systemSize: bet.systemSize, stake: bet.stake, currency: bet.currency },
    legs.map((l) => ({ status: l.status, odds: l.odds })),
  );

/** The traders' results for the markets of these legs. */
async function manualResultsFor(tx: Db, legs: LegRow[]): Promise<Map<string, ManualResult>> {
  const found = new Map<string, ManualResult>();
  const events = [...new Set(legs.map((l) => l.eventId))];
  if (events.length === 0) return found;
  const rows = await tx.select().from(sportManualResults).where(inArray(sportManualResults.eventId, events));
  for (const r of rows)
    found.set(manualKey(r.eventId, r.marketId), { version: r.version, results: r.results });
  return found;
}

async function payRevision(
  tx: Db,
  send: Send,
  deps: SportsbookDeps,
  bet: BetRow,
  legs: LegRow[],
  revision: number,
  outcome: Outcome,
) {
  const now = deps.clock.now();
  const ref = `sportsbook:bet:${bet.id}`;
  // What an earlier correction left owed is collected from this payout (below); its rows are locked before the
  // account, as staff lock them.
  const owed =
    bet.settledRevision !== null && compareAmounts(outcome.payout, "0") > 0
      ? await lockOwedByBet(tx, bet.id)
      : [];
  // A new payout first, so a resettlement that pays more never needs the player's balance.
  if (compareAmounts(outcome.payout, "0") > 0)
    await settleStakes(tx, {
      at: now,
      accountId: bet.accountId,
      amount: outcome.payout,
      counterparty: house.sportsbook,
      kind: "win",
      reference: ref,
      idempotencyKey: `${ref}:payout:${revision}`,
      meta: { revision, status: outcome.status },
    });
  let reversed = "0";
  let shortfall = "0";
  const previous = normalizeAmount(bet.payout ?? "0") ?? "0";
  if (bet.settledRevision !== null && compareAmounts(previous, "0") > 0) {
    // What the player still holds (read under the account's lock, so a stake in between cannot make the take-back
    // fail) caps what can be taken back; the rest goes to the back office's shortfall queue.
    const balance = (await lockedBalances(tx, bet.accountId)).real;
    reversed = compareAmounts(balance, previous) >= 0 ? previous : balance;
    shortfall = addAmounts(previous, negate(reversed));
    if (compareAmounts(reversed, "0") > 0)
      await postQuietly(tx, {
        at: now,
        accountId: bet.accountId,
        amount: negate(reversed),
        counterparty: house.sportsbook,
        kind: "win",
        reference: ref,
        idempotencyKey: `${ref}:reverse:${bet.settledRevision}`,
        meta: { reverses: bet.settledRevision, revision, shortfall },
      });
  }
  await collectFromPayout(tx, owed, { at: now, revision });
  // The first settlement is the settled stake that counts towards an active bonus's wagering (once per bet).
  if (bet.settledRevision === null)
    await deps.bonuses.countSettledStake(tx, send, now, {
      accountId: bet.accountId,
      reference: ref,
      stake: normalizeAmount(bet.stake)!,
      kind: "sportsbook",
      odds: bet.odds ?? undefined,
    });
  // The first settlement is also the bet's `bet.settled` fact (loyalty, quests…); a resettlement is not.
  if (bet.settledRevision === null)
    await recordBetSettled(tx, {
      playerId: bet.playerId,
      accountId: bet.accountId,
      reference: ref,
      source: "sportsbook",
      currency: bet.currency,
      stake: normalizeAmount(bet.stake)!,
      payout: normalizeAmount(outcome.payout)!,
      occurredAt: now,
    });
  await tx.insert(sportSettlements).values({
    betId: bet.id,
    revision,
    status: outcome.status,
    payout: outcome.payout,
    reversed,
    shortfall,
    legs: legs.map((l) => ({ selectionId: l.selectionId, status: l.status, version: l.resultVersion })),
  });
  if (compareAmounts(shortfall, "0") > 0)
    await queueShortfall(tx, {
      betId: bet.id,
      revision,
      playerId: bet.playerId,
      accountId: bet.accountId,
      currency: bet.currency,
      amount: shortfall,
    });
  const [updated] = await tx
    .update(sportBets)
    .set({
      status: outcome.status,
      payout: outcome.payout,
      settledRevision: revision,
      settledAt: now,
      updatedAt: now,
    })
    .where(eq(sportBets.id, bet.id))
    .returning();
  return updated!;
}

/** Bets with a leg on the event that could still change: not refused, not cashed out, not waiting. */
async function betsOnEvent(db: Db, eventId: number): Promise<bigint[]> {
  const rows = await db
    .selectDistinct({ id: sportBets.id })
    .from(sportBets)
    .innerJoin(sportBetLegs, eq(sportBetLegs.betId, sportBets.id))
    .where(
      and(
        eq(sportBetLegs.eventId, eventId),
        notInArray(sportBets.status, ["pending", "cashed_out", "rejected"]),
      ),
    );
  return rows.map((r) => r.id).sort((a, b) => (a < b ? -1 : 1));
}

/**
 * How many bets one transaction settles (issue 38: ten thousand bets one transaction each took ~26 s). A batch
 * takes its bets' row locks in id order, then their accounts' in id order (decision 0036's order: nothing of the
 * player's is locked before a bet, as in `settleBet` and cash-out), and writes everything in a few statements.
 * A thousand keeps a batch's locks short (a player's account waits at most one batch) and its statements small.
 */
const SETTLE_BATCH = 1_000;

/**
 * How many bets the general path (`settleBet`) settles at once: each its own transaction under its row lock, in
 * the same order, so bets of one player wait for each other and nothing deadlocks.
 */
const SETTLE_AT_ONCE = 8;

/** One parameter for a list of ids, whatever its length, so a statement's text (its prepared name) stays one. */
const idList = (ids: readonly bigint[]) =>
  sql`(select jsonb_array_elements_text(${JSON.stringify(ids.map(String))}::jsonb)::bigint)`;

/** A bet of a batch whose legs take new results. */
interface Change {
  bet: BetRow;
  legs: LegRow[];
  /** The legs that take a new result (status and version already set on `legs`). */
  moved: LegRow[];
  /** Every leg has a result: the bet is paid at this revision. */
  revision?: number;
  outcome?: Outcome;
}

/**
 * Settles a batch of bets in one transaction, set-based: the legs' results, the settlement rows and the bets'
 * status in one statement, every winner's payout in one more (the wallet's `settleMany`), the `bet.settled`
 * facts in one (the transactional outbox); the players' messages go after the commit. It takes the common case,
 * a first settlement whose stake, account and player hold no bonus money (so the bonus's wagering has nothing to
 * count); a bet it cannot pay so (a corrected result, bonus money, an account not active) it leaves untouched
 * and answers, for `settleBet` to take after the commit. Exactly once as `settleBet`: the bets are read under
 * their row locks, a leg takes only a newer result, a bet is paid only at its first revision here, and the
 * payout's ledger key names the revision.
 */
async function settleBatch(
  deps: SportsbookDeps,
  ids: readonly bigint[],
  dropped?: ReadonlySet<number>,
): Promise<{ changed: number; aside: bigint[] }> {
  let aside: bigint[] = [];
  const changed = await afterCommit(deps.publisher, (send) =>
    deps.db.transaction(async (tx) => {
      aside = [];
      const bets = await tx
        .select()
        .from(sportBets)
        .where(
          and(
            sql`${sportBets.id} in ${idList(ids)}`,
            notInArray(sportBets.status, ["pending", "cashed_out", "rejected"]),
          ),
        )
        .orderBy(asc(sportBets.id))
        .for("update");
      if (bets.length === 0) return 0;
      const legRows = await tx
        .select()
        .from(sportBetLegs)
        .where(sql`${sportBetLegs.betId} in ${idList(bets.map((b) => b.id))}`)
        .orderBy(asc(sportBetLegs.betId), asc(sportBetLegs.position));
      const legsOfBet = new Map<bigint, LegRow[]>();
      for (const l of legRows) legsOfBet.set(l.betId, [...(legsOfBet.get(l.betId) ?? []), l]);
      const manual = await manualResultsFor(tx, legRows);

      // What the feed (or a trader) says now, bet by bet.
      const changes: Change[] = [];
      for (const bet of bets) {
        const legs = legsOfBet.get(bet.id) ?? [];
        const moved: LegRow[] = [];
        for (const leg of legs) {
          const o = legOutcome(deps.feed, leg, dropped, manual);
          if (!o || o.version <= leg.resultVersion) continue;
          leg.status = o.status;
          leg.resultVersion = o.version;
          moved.push(leg);
        }
        if (moved.length === 0) continue;
        const outcome = outcomeOf(bet, legs);
        // A resettlement takes back the previous payout against the balance, and a bet lost early that a
        // correction opens again changes its status: the general path.
        if (bet.settledRevision !== null) {
          aside.push(bet.id);
          continue;
        }
        if (!outcome) {
          changes.push({ bet, legs, moved });
          continue;
        }
        changes.push({ bet, legs, moved, revision: legs.reduce((n, l) => n + l.resultVersion, 0), outcome });
      }

      // Who is paid: their accounts under their locks (id order), and what bonus money is around them.
      const paying = changes.filter((c) => c.outcome);
      const accountIds = [...new Set(paying.map((c) => c.bet.accountId))].sort((a, b) => (a < b ? -1 : 1));
      const accounts = await lockAccounts(tx, accountIds);
      const withBonus = await deps.bonuses.withActiveBonus(tx, accountIds);
      const splits = await stakeSplits(
        tx,
        paying.map((c) => betReference(c.bet.id)),
      );
      const plain = (c: Change) => {
        const held = accounts.get(c.bet.accountId);
        const split = splits.get(betReference(c.bet.id));
        return (
          held !== undefined &&
          held.account.status === 1 &&
          compareAmounts(held.account.bonusBalance, "0") === 0 &&
          !withBonus.has(c.bet.accountId) &&
          (split === undefined || compareAmounts(split.bonus, "0") === 0)
        );
      };
      const kept = changes.filter((c) => {
        if (!c.outcome || plain(c)) return true;
        aside.push(c.bet.id);
        return false;
      });
      if (kept.length === 0) return 0;

      const now = deps.clock.now();
      const settled = kept.filter((c) => c.outcome);
      await writeBatch(tx, now, kept);
      const paid = await settleMany(tx, {
        at: now,
        counterparty: house.sportsbook,
        wins: settled
          .filter((c) => compareAmounts(c.outcome!.payout, "0") > 0)
          .map((c) => {
            const ref = betReference(c.bet.id);
            return {
              accountId: c.bet.accountId,
              amount: c.outcome!.payout,
              reference: ref,
              idempotencyKey: `${ref}:payout:${c.revision}`,
              meta: { revision: c.revision, status: c.outcome!.status },
            };
          }),
      });
      await recordBetsSettled(
        tx,
        settled.map((c) => {
          const ref = betReference(c.bet.id);
          return {
            playerId: c.bet.playerId,
            accountId: c.bet.accountId,
            reference: ref,
            source: "sportsbook" as const,
            currency: c.bet.currency,
            stake: normalizeAmount(c.bet.stake)!,
            payout: normalizeAmount(c.outcome!.payout)!,
            occurredAt: now,
            stakeSplit: splits.get(ref) ?? { real: "0", bonus: "0" },
          };
        }),
      );

      // After the commit: each paid account once (its balance after all its wins), then each bet.
      for (const id of new Set(settled.map((c) => c.bet.accountId))) {
        const held = paid.get(id) ?? accounts.get(id);
        if (held) announceAccount(send, held.playerId, held.account);
      }
      for (const c of kept) {
        const bet = c.outcome
          ? {
              ...c.bet,
              status: c.outcome.status,
              payout: c.outcome.payout,
              settledRevision: c.revision!,
              settledAt: now,
              updatedAt: now,
            }
          : c.bet;
        await announceBet(tx, send, deps, bet, c.legs, { balanceMoved: false });
      }
      return kept.length;
    }),
  );
  return { changed, aside };
}

const betReference = (id: bigint) => `sportsbook:bet:${id}`;

/** A batch's own writes, one statement: the legs' new results, the settlement rows, the settled bets. */
async function writeBatch(tx: Db, now: Date, changes: Change[]) {
  const legs = changes.flatMap((c) =>
    c.moved.map((l) => ({
      bet_id: String(l.betId),
      position: l.position,
      status: l.status,
      version: l.resultVersion,
    })),
  );
  const settled = changes
    .filter((c) => c.outcome)
    .map((c) => ({
      bet_id: String(c.bet.id),
      revision: c.revision!,
      status: c.outcome!.status,
      payout: c.outcome!.payout,
      legs: c.legs.map((l) => ({ selectionId: l.selectionId, status: l.status, version: l.resultVersion })),
    }));
  await tx.execute(sql`
    with leg as (
      update ${sportBetLegs} l set status = u.status, result_version = u.version
        from jsonb_to_recordset(${JSON.stringify(legs)}::jsonb) as u(bet_id bigint, position smallint, status text, version int)
       where l.bet_id = u.bet_id and l.position = u.position
    ), s as (
      select * from jsonb_to_recordset(${JSON.stringify(settled)}::jsonb)
        as s(bet_id bigint, revision int, status text, payout numeric, legs jsonb)
    ), row as (
      insert into ${sportSettlements} (bet_id, revision, status, payout, reversed, shortfall, legs)
      select bet_id, revision, status, payout, 0, 0, legs from s
    )
    update ${sportBets} b
       set status = s.status, payout = s.payout, settled_revision = s.revision,
           settled_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
      from s where b.id = s.bet_id and b.settled_revision is null`);
}

/** Settles these bets one by one (`settleBet`), SETTLE_AT_ONCE at a time; answers how many changed. */
async function settleEach(
  deps: SportsbookDeps,
  ids: readonly bigint[],
  dropped?: ReadonlySet<number>,
): Promise<number> {
  let changed = 0;
  let next = 0;
  const worker = async () => {
    while (next < ids.length) if (await settleBet(deps, ids[next++]!, dropped)) changed++;
  };
  await Promise.all(Array.from({ length: Math.min(SETTLE_AT_ONCE, ids.length) }, worker));
  return changed;
}

/**
 * Settles every bet on one event: SETTLE_BATCH at a time in one transaction each (`settleBatch`), then those a
 * batch left to the general path; answers how many changed.
 */
async function settleBetsOn(
  deps: SportsbookDeps,
  eventId: number,
  dropped?: ReadonlySet<number>,
): Promise<number> {
  const ids = await betsOnEvent(deps.db, eventId);
  let changed = 0;
  const aside: bigint[] = [];
  for (let i = 0; i < ids.length; i += SETTLE_BATCH) {
    const batch = await settleBatch(deps, ids.slice(i, i + SETTLE_BATCH), dropped);
    changed += batch.changed;
    aside.push(...batch.aside);
  }
  return changed + (await settleEach(deps, aside, dropped));
}

/** Settles every bet on one event from the feed (on a result, a correction or a cancellation). */
export function settleEvent(deps: SportsbookDeps, eventId: number): Promise<number> {
  return settleBetsOn(deps, eventId);
}

/**
 * The sweep the settlement job runs, so nothing is missed across restarts: every event that has legs behind
 * the feed (an open leg of an event with results or cancelled, or a leg whose result was corrected since) is
 * settled again. Safe to run any number of times, anywhere.
 */
export async function settleFromFeed(deps: SportsbookDeps): Promise<number> {
  const rowsRows = await rowsOf<{ event_id: string; version: number }>(
    deps.db,
    sql`
    select l.event_id::text as event_id, min(l.result_version) as version
      from ${sportBetLegs} l join ${sportBets} b on b.id = l.bet_id
     where b.status not in ('pending', 'cashed_out', 'rejected')
       and (b.status = 'open' or b.settled_at > now() - interval '14 days')
     group by l.event_id`,
  );
  let changed = 0;
  for (const r of rowsRows) {
    const eventId = Number(r.event_id);
    const cancelled = deps.feed.event(eventId)?.status === "cancelled";
    const latest = cancelled ? CANCELLED_VERSION : (deps.feed.results(eventId)?.version ?? 0);
    if (latest > Number(r.version)) changed += await settleEvent(deps, eventId);
  }
  // Legs behind a trader's result (the process stopped between the result and its settlement).
  const manualRows = await rowsOf<{ event_id: string }>(
    deps.db,
    sql`
    select distinct l.event_id::text as event_id
      from ${sportBetLegs} l join ${sportBets} b on b.id = l.bet_id
      join ${sportManualResults} m on m.event_id = l.event_id and m.market_id = l.market_id
     where b.status not in ('pending', 'cashed_out', 'rejected')
       and l.result_version < ${MANUAL_RESULT_VERSION} + m.version`,
  );
  for (const r of manualRows) changed += await settleEvent(deps, Number(r.event_id));
  return changed;
}

/**
 * Open legs on events the feed no longer knows at all (neither the event nor its results): a feed that dropped
 * an event (called off without a word, or a server down longer than the feed keeps ended events) would leave
 * their bets open for ever. The job notes when it first missed each such event (`sport_missing_events`, so the
 * wait survives restarts and moves with the job between processes); one still missing `rules.droppedEventVoidMs`
 * later is void on every bet, as a cancelled event is, and a bet with nothing else open settles (a single's
 * stake comes back through the ledger, under its payout key). An event that comes back meanwhile is forgotten.
 */
export async function voidDroppedEvents(deps: SportsbookDeps): Promise<number> {
  const rowsRows = await rowsOf<{ event_id: string; missing_since: string | Date | null }>(
    deps.db,
    sql`
    select o.event_id::text as event_id, m.missing_since
      from (select distinct l.event_id
              from ${sportBetLegs} l join ${sportBets} b on b.id = l.bet_id
             where b.status = 'open' and l.status = 'open') o
      left join ${sportMissingEvents} m on m.event_id = o.event_id`,
  );
  const open = rowsRows.map((r) => Number(r.event_id));
  // Events no bet waits on any more are forgotten.
  await deps.db.execute(sql`
    delete from ${sportMissingEvents}
     where event_id not in (select jsonb_array_elements_text(${JSON.stringify(open)}::jsonb)::bigint)`);
  const now = deps.clock.now();
  let changed = 0;
  for (const r of rowsRows) {
    const eventId = Number(r.event_id);
    if (deps.feed.event(eventId) || deps.feed.results(eventId)) {
      if (r.missing_since !== null)
        await deps.db.delete(sportMissingEvents).where(eq(sportMissingEvents.eventId, eventId));
      continue;
    }
    if (r.missing_since === null) {
      await deps.db.insert(sportMissingEvents).values({ eventId, missingSince: now }).onConflictDoNothing();
      if (deps.rules.droppedEventVoidMs > 0) continue;
    } else if (now.getTime() - new Date(r.missing_since).getTime() < deps.rules.droppedEventVoidMs) continue;
    changed += await settleBetsOn(deps, eventId, new Set([eventId]));
    await deps.db.delete(sportMissingEvents).where(eq(sportMissingEvents.eventId, eventId));
  }
  return changed;
}

/** Bets that are settled, for tests and support: their settlement rows. */
export async function settlementsOf(db: Db, betIds: bigint[]) {
  if (betIds.length === 0) return [];
  return db.select().from(sportSettlements).where(inArray(sportSettlements.betId, betIds));
}
