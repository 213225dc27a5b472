import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { pageMetaOf } from "#common/api/paging";
import type { SportBet } from "#common/api/sportsbook";
import { normalizeAmount } from "#common/money";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import type { OddsFeed } from "../../providers/odds/port";
import { cashOutOfferOf } from "./cash-out-offer";
import { sportBetLegs, sportBets } from "./tables";

export type BetRow = typeof sportBets.$inferSelect;
export type LegRow = typeof sportBetLegs.$inferSelect;

/** Bets that wait for an outcome; the rest are final (settled, cashed out or refused). */
export const UNSETTLED = ["pending", "open"] as const;
export const SETTLED = ["won", "lost", "void", "half_won", "half_lost", "cashed_out", "rejected"] as const;

const decimal = (v: string) => normalizeAmount(v) ?? v;
export function toSportBet(
  bet: BetRow,
  legs: LegRow[],
  view: { feed?: OddsFeed; cashOutMargin: number },
): SportBet {
  const ordered = [...legs].sort((a, b) => a.position - b.position);
  return {
    id: String(bet.id),
    type: bet.type,
    systemSize: bet.systemSize ?? undefined,
    status: bet.status,
    stake: decimal(bet.stake),
    currency: bet.currency,
    odds: bet.odds === null ? null : decimal(bet.odds),
    potentialPayout: decimal(bet.potentialPayout),
    payout: bet.payout === null ? null : decimal(bet.payout),
    cashOut: view.feed ? cashOutOfferOf(view.feed, bet, ordered, view.cashOutMargin) : null,
    cashOutMargin: bet.status === "open" ? view.cashOutMargin : undefined,
    rejectReason: bet.rejectReason,
    placedAt: bet.placedAt.toISOString(),
    settledAt: bet.settledAt?.toISOString() ?? null,
    legs: ordered.map((l) => {
      const live = view.feed?.event(l.eventId);
      return {
        selectionId: l.selectionId,
        eventId: l.eventId,
        eventName: l.eventName,
        marketName: l.marketName,
        selectionName: l.selectionName,
        odds: decimal(l.odds),
        status: l.status,
        live: live?.status === "live" ? live.live : undefined,
      };
    }),
  };
}

export async function legsOf(db: Db, betIds: bigint[]): Promise<Map<bigint, LegRow[]>> {
  const byBet = new Map<bigint, LegRow[]>();
  if (betIds.length === 0) return byBet;
  const rows = await db
    .select()
    .from(sportBetLegs)
    .where(inArray(sportBetLegs.betId, betIds))
    .orderBy(asc(sportBetLegs.betId), asc(sportBetLegs.position));
  for (const r of rows) byBet.set(r.betId, [...(byBet.get(r.betId) ?? []), r]);
  return byBet;
}

/** A bet of the player's; another player's bet is not found (404), never shown. */
export async function ownBet(db: Db, playerId: bigint, id: string): Promise<{ bet: BetRow; legs: LegRow[] }> {
  if (!/^\d{1,18}$/.test(id)) throw ApiError.notFound("No such bet");
  const [bet] = await db
    .select()
    .from(sportBets)
    .where(and(eq(sportBets.id, BigInt(id)), eq(sportBets.playerId, playerId)));
  if (!bet) throw ApiError.notFound("No such bet");
  return { bet, legs: (await legsOf(db, [bet.id])).get(bet.id) ?? [] };
}

/** One page of the player's bets, newest first: unsettled (pending, open) or final. */
export async function listBets(
  db: Db,
  playerId: bigint,
  q: { settled: boolean; page: number; perPage: number },
  view: { feed?: OddsFeed; cashOutMargin: number },
) {
  const where = and(
    eq(sportBets.playerId, playerId),
    inArray(sportBets.status, q.settled ? [...SETTLED] : [...UNSETTLED]),
  );
  const [total] = await db.select({ n: count() }).from(sportBets).where(where);
  const rows = await db
    .select()
    .from(sportBets)
    .where(where)
    .orderBy(desc(sportBets.placedAt), desc(sportBets.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  const legs = await legsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) => toSportBet(r, legs.get(r.id) ?? [], view)),
    meta: pageMetaOf(q.page, q.perPage, Number(total?.n ?? 0)),
  };
}
