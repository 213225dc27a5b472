import { desc, eq } from "drizzle-orm";
import type { AdminNote, AdminPlayerRow, AdminPlayerStatusBody } from "#common/api/admin";
import type { AdminClearMatchBody, AdminPlayerPage } from "#common/api/admin-player";
import { type Page, pageMetaOf } from "#common/api/paging";
import type { AppDeps } from "../../app";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { listPlayerBonuses } from "../bonus";
import { listDocuments, verificationOf } from "../documents";
import { listInvoices } from "../payment";
import {
  clearExcludedPersonMatch,
  excludedPersonMatchesOf,
  logoutByStaff,
  playerForStaff,
  searchPlayers,
  sessionsForStaff,
  setStatusByStaff,
} from "../player";
import { listBets } from "../sportsbook";
import { type AuditActor, audited, listAudit, staffNames } from "../staff";
import { listAccounts } from "../wallet";
import { playerNotes } from "./tables";

export type AdminPlayerDeps = Pick<AppDeps, "db" | "clock" | "config" | "realtime">;

const noSuchPlayer = () => new ApiError(404, "not_found", "No such player");

/** A player id as typed in a URL: digits only, else no such player (never a 500 from BigInt). */
export function playerIdOf(id: string): bigint {
  if (!/^\d{1,18}$/.test(id)) throw noSuchPlayer();
  return BigInt(id);
}

export async function findPlayers(
  db: Db,
  q: string,
  paging: { page: number; perPage: number },
): Promise<Page<AdminPlayerRow>> {
  const { rows, total } = await searchPlayers(db, q, paging);
  return { data: rows, meta: pageMetaOf(paging.page, paging.perPage, total) };
}

async function notesOf(db: Db, playerId: bigint): Promise<AdminNote[]> {
  const rows = await db
    .select()
    .from(playerNotes)
    .where(eq(playerNotes.playerId, playerId))
    .orderBy(desc(playerNotes.id))
    .limit(100);
  // Every note has its author (staff_id is NOT NULL and the staff row cannot be deleted under it).
  const names = await staffNames(db, [...new Set(rows.map((n) => n.staffId))]);
  return rows.map((n) => ({
    id: String(n.id),
    body: n.body,
    staff: names.get(n.staffId)!,
    createdAt: n.createdAt.toISOString(),
  }));
}

/** Everything about one player on one page (the sections later issues add join here). */
export async function playerPage(deps: AdminPlayerDeps, id: string): Promise<AdminPlayerPage> {
  const playerId = playerIdOf(id);
  const player = await playerForStaff(deps.db, playerId);
  if (!player) throw noSuchPlayer();
  const latest = { page: 1, perPage: 20 };
  // Staff see the bets as they stand; cash-out offers are the player's to take, so none are priced here.
  const betView = { feed: undefined, cashOutMargin: 0 };
  const [
    sessions,
    accounts,
    notes,
    audit,
    documents,
    invoices,
    open,
    settled,
    bonuses,
    verification,
    matches,
  ] = await Promise.all([
    sessionsForStaff(deps.db, playerId, deps.clock.now()),
    listAccounts(deps.db, playerId),
    notesOf(deps.db, playerId),
    listAudit(deps.db, { targetType: "player", targetId: String(playerId) }, { page: 1, perPage: 50 }),
    listDocuments(deps.db, playerId),
    listInvoices(deps.db, playerId, latest),
    listBets(deps.db, playerId, { settled: false, ...latest }, betView),
    listBets(deps.db, playerId, { settled: true, ...latest }, betView),
    listPlayerBonuses(deps.db, playerId, { statuses: [1, 2, 3], currencies: [] }),
    verificationOf(deps.db, playerId),
    excludedPersonMatchesOf(deps.db, playerId),
  ]);
  return {
    player,
    sessions,
    accounts: accounts.map((a) => ({
      id: a.id,
      currency: a.currency,
      balance: a.balance,
      bonusBalance: a.bonusBalance,
      isCurrent: a.isCurrent,
    })),
    notes,
    audit: audit.data,
    invoices: invoices.data,
    bets: [...open.data, ...settled.data].slice(0, 20),
    bonuses,
    verification,
    excludedPersonMatches: matches.map((m) => ({
      id: String(m.id),
      playerId: m.playerId === null ? null : String(m.playerId),
      excludedPlayerId: String(m.excludedPlayerId),
      matchedBy: m.matchedBy as AdminPlayerPage["excludedPersonMatches"][number]["matchedBy"],
      event: m.event,
      outcome: m.outcome,
      attempt: m.attempt,
      clearedAt: m.clearedAt?.toISOString() ?? null,
      clearedBy: m.clearedBy,
      createdAt: m.createdAt.toISOString(),
    })),
    documents: documents.map((d) => ({
      id: d.id,
      type: d.type,
      status: d.status,
      name: d.name,
      createdAt: d.createdAt,
      reason: d.reason,
    })),
  };
}

/** Blocks, unblocks or closes an account; the reason goes into the audit trail with the change. */
export async function changePlayerStatus(
  deps: AdminPlayerDeps,
  actor: AuditActor,
  id: string,
  body: AdminPlayerStatusBody,
): Promise<void> {
  const playerId = playerIdOf(id);
  await audited(
    deps.db,
    actor,
    {
      action: `player.${body.status === "active" ? "unblock" : body.status === "closed" ? "close" : "block"}`,
      targetType: "player",
      targetId: playerId,
    },
    async (tx) => {
      const changed = await setStatusByStaff({ ...deps, db: tx }, tx, playerId, body.status);
      if (!changed) throw noSuchPlayer();
      if (changed.refused)
        throw new ApiError(
          409,
          "forbidden",
          "The player's own break or self-exclusion is running: it ends by itself, not by staff",
        );
      return {
        before: { status: changed.before },
        after: { status: changed.after, reason: body.reason },
        result: undefined,
      };
    },
  );
}

/**
 * Staff found a self-exclusion match is not the same person (decision 0053): the player may log in again once
 * unblocked (a held account stays blocked until staff unblock it apart, with its own reason). Audited.
 */
export async function clearExcludedMatch(
  deps: AdminPlayerDeps,
  actor: AuditActor & { name: string },
  id: string,
  matchId: string,
  body: AdminClearMatchBody,
): Promise<void> {
  const playerId = playerIdOf(id);
  if (!/^\d{1,18}$/.test(matchId)) throw new ApiError(404, "not_found", "No such match");
  await audited(
    deps.db,
    actor,
    { action: "player.exclusion-match.clear", targetType: "player", targetId: playerId },
    async (tx) => {
      const cleared = await clearExcludedPersonMatch(tx, BigInt(matchId), actor.name, deps.clock.now());
      if (!cleared || cleared.playerId !== playerId)
        throw new ApiError(404, "not_found", "No such match to clear for this player");
      return {
        before: { match: matchId, cleared: false },
        after: { match: matchId, cleared: true, reason: body.reason },
        result: undefined,
      };
    },
  );
}

/** Ends every session of the player at once (their open pages are signed out live). */
export async function forcePlayerLogout(
  deps: AdminPlayerDeps,
  actor: AuditActor,
  id: string,
): Promise<number> {
  const playerId = playerIdOf(id);
  return audited(
    deps.db,
    actor,
    { action: "player.logout", targetType: "player", targetId: playerId },
    async (tx) => {
      if (!(await playerForStaff(tx, playerId))) throw noSuchPlayer();
      const closed = await logoutByStaff({ ...deps, db: tx }, tx, playerId);
      return { before: { liveSessions: closed }, after: { liveSessions: 0 }, result: closed };
    },
  );
}

export async function addPlayerNote(
  deps: AdminPlayerDeps,
  actor: AuditActor & { staffId: number; name: string },
  id: string,
  body: string,
): Promise<AdminNote> {
  const playerId = playerIdOf(id);
  return audited(
    deps.db,
    actor,
    { action: "player.note", targetType: "player", targetId: playerId },
    async (tx) => {
      if (!(await playerForStaff(tx, playerId))) throw noSuchPlayer();
      const [row] = await tx
        .insert(playerNotes)
        .values({ playerId, staffId: actor.staffId, body })
        .returning();
      const note = {
        id: String(row!.id),
        body: row!.body,
        staff: actor.name,
        createdAt: row!.createdAt.toISOString(),
      };
      return { before: null, after: note, result: note };
    },
  );
}
