import { and, eq } from "drizzle-orm";
import { PLAYER_STATUS } from "#common/constants";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import type { GameProvider } from "../../providers/games/port";
import { playerStatus } from "../player";
import { listAccounts } from "../wallet";
import { gameForLaunch, type Viewer } from "./catalogue";
import { recordPlayed } from "./player-games";
import { gameSessions } from "./tables";

export interface LaunchDeps {
  db: Db;
  clock: Clock;
  providers: Record<string, GameProvider>;
  sessionTtlMs: number;
  publicUrl: string;
}

export interface LaunchRequest {
  real: boolean;
  /** Real play: the account's currency; the player's current account when absent. */
  currency?: string;
  language: string;
}

/** The currency demo credits are counted in. */
export const DEMO_CURRENCY = "FUN";

/**
 * Starts a game session and answers the provider's launch URL. Demo play needs the game to have a demo; real
 * play needs a player who may bet and an account in a currency the game takes.
 */
export async function launchGame(deps: LaunchDeps, viewer: Viewer, idOrSlug: string, req: LaunchRequest) {
  const { game, provider } = await gameForLaunch(deps.db, idOrSlug);
  const country = viewer.country;
  const allowed =
    (game.countries === null ? true : country !== null && game.countries.includes(country)) &&
    !(country !== null && game.restrictedCountries.includes(country));
  if (!allowed) throw new ApiError(403, "game_not_available", "This game is not available in your country");
  const port = deps.providers[provider.walletProvider];
  if (!port) throw new ApiError(503, "provider_unavailable", "This game's provider is not connected");
  const now = deps.clock.now();
  let session: typeof gameSessions.$inferInsert;
  if (!req.real) {
    if (!game.hasDemo) throw new ApiError(422, "demo_unavailable", "This game has no demo mode");
    session = {
      gameId: game.id,
      walletProvider: port.id,
      mode: "demo",
      playerId: viewer.playerId ?? null,
      currency: DEMO_CURRENCY,
      expiresAt: new Date(now.getTime() + deps.sessionTtlMs),
    };
  } else {
    if (!viewer.playerId) throw new ApiError(401, "unauthorized", "Log in to play for real money");
    if ((await playerStatus(deps.db, viewer.playerId)) !== PLAYER_STATUS.active)
      throw new ApiError(403, "player_disabled", "This account may not play for real money");
    const accounts = await listAccounts(deps.db, viewer.playerId);
    const wanted = req.currency?.toUpperCase();
    const account = wanted ? accounts.find((a) => a.currency === wanted) : accounts.find((a) => a.isCurrent);
    if (account?.status !== 1)
      throw new ApiError(422, "no_account", "Open an account in a currency to play for real money", {
        currency: ["You have no account in this currency"],
      });
    if (game.currencies && !game.currencies.includes(account.currency))
      throw new ApiError(422, "currency_not_supported", `This game takes ${game.currencies.join(", ")}`, {
        currency: [`This game takes ${game.currencies.join(", ")}`],
      });
    session = {
      gameId: game.id,
      walletProvider: port.id,
      mode: "real",
      playerId: viewer.playerId,
      accountId: BigInt(account.id),
      currency: account.currency,
      expiresAt: new Date(now.getTime() + deps.sessionTtlMs),
    };
  }
  const [row] = await deps.db.insert(gameSessions).values(session).returning();
  const { url } = await port.launch({
    token: row!.id,
    mode: row!.mode,
    game: { id: game.id, slug: game.slug, name: game.name, externalId: game.externalId, engine: game.engine },
    currency: row!.currency ?? DEMO_CURRENCY,
    language: req.language,
    lobbyUrl: `${deps.publicUrl}/games`,
  });
  if (viewer.playerId) await recordPlayed(deps.db, viewer.playerId, game.id, now);
  return {
    url,
    sessionId: row!.id,
    mode: row!.mode,
    currency: row!.currency,
    expiresAt: row!.expiresAt.toISOString(),
  };
}

/** Ends nothing: sessions simply expire. Kept for callers that need a session's facts (tests, support). */
export async function sessionById(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(gameSessions)
    .where(and(eq(gameSessions.id, id)));
  return row;
}
