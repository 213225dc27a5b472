import { desc, eq, sql } from "drizzle-orm";
import { type Page, pageMetaOf } from "#common/api/paging";
import { normalizeAmount } from "#common/money";
import type { Db } from "../../db/client";
import type { GameProvider } from "../../providers/games/port";
import { nicknamesOf } from "../player";
import { gameRounds, games, gameTransactions } from "./tables";

const roundColumns = {
  id: gameRounds.id,
  roundId: gameRounds.roundId,
  currency: gameRounds.currency,
  betAmount: gameRounds.betAmount,
  winAmount: gameRounds.winAmount,
  status: gameRounds.status,
  createdAt: gameRounds.createdAt,
  updatedAt: gameRounds.updatedAt,
  gameId: games.id,
  gameName: games.name,
  gameSlug: games.slug,
  gameImages: games.images,
};

type RoundRow = { [K in keyof typeof roundColumns]: (typeof roundColumns)[K]["_"]["data"] };

const spinView = (r: RoundRow) => ({
  id: String(r.id),
  roundId: r.roundId,
  game: { id: String(r.gameId), name: r.gameName, slug: r.gameSlug, image: r.gameImages.thumbnail },
  currency: r.currency,
  betAmount: normalizeAmount(r.betAmount)!,
  winAmount: normalizeAmount(r.winAmount)!,
  /** game.bet.status: 1 open, 2 won, 3 lost, 4 refunded */
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export type SpinView = ReturnType<typeof spinView>;

/**
 * The player's rounds, newest first (the history's casino rounds), each with the link to check it where its
 * provider offers one (the built-in games' verifier, opened with the session the round was played in).
 */
export async function listSpins(
  db: Db,
  playerId: bigint,
  page: number,
  perPage: number,
  providers: Record<string, GameProvider> = {},
): Promise<Page<SpinView & { verifyUrl?: string }>> {
  const [rows, [count]] = await Promise.all([
    db
      .select({
        ...roundColumns,
        provider: gameRounds.provider,
        sessionId: sql<string | null>`(
          select ${gameTransactions.sessionId}::text from ${gameTransactions}
          where ${gameTransactions.provider} = ${gameRounds.provider}
            and ${gameTransactions.playerId} = ${gameRounds.playerId}
            and ${gameTransactions.roundId} = ${gameRounds.roundId}
            and ${gameTransactions.sessionId} is not null
          order by ${gameTransactions.id} limit 1)`,
      })
      .from(gameRounds)
      .innerJoin(games, eq(gameRounds.gameId, games.id))
      .where(eq(gameRounds.playerId, playerId))
      .orderBy(desc(gameRounds.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(gameRounds).where(eq(gameRounds.playerId, playerId)),
  ]);
  const totalRows = count?.n ?? 0;
  return {
    data: rows.map((r) => {
      const verifyUrl = r.sessionId
        ? providers[r.provider]?.verifyPath?.({ roundId: r.roundId, token: r.sessionId })
        : undefined;
      return { ...spinView(r), ...(verifyUrl ? { verifyUrl } : {}) };
    }),
    meta: pageMetaOf(page, perPage, totalRows),
  };
}

export const WINNERS_SHOWN = 20;

/** The latest winning rounds of everyone, with the player's public nickname only. */
export async function listWinners(db: Db, limit = WINNERS_SHOWN) {
  const rows = await db
    .select({ ...roundColumns, playerId: gameRounds.playerId })
    .from(gameRounds)
    .innerJoin(games, eq(gameRounds.gameId, games.id))
    .where(sql`${gameRounds.winAmount} > 0`)
    .orderBy(desc(gameRounds.id))
    .limit(limit);
  // Nicknames come from the player module: one more query for at most `limit` players.
  const nicknames = await nicknamesOf(db, [...new Set(rows.map((r) => r.playerId))]);
  return rows.flatMap((r) => {
    const nickname = nicknames.get(r.playerId);
    if (nickname === undefined) return [];
    const v = spinView(r);
    return {
      id: v.id,
      game: v.game,
      nickname,
      currency: v.currency,
      betAmount: v.betAmount,
      winAmount: v.winAmount,
      createdAt: v.updatedAt,
    };
  });
}
