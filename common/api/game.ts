import { z } from "zod";
import { GAME_SORTS } from "../constants";
import { pagingQuery } from "./paging";
import { currencyCode, decimalString } from "./shared";

/** The game lobby's answers, as the server (server/modules/game) sends them and the site reads them. */

export const gameProviderRef = z.object({ id: z.string(), identity: z.string(), name: z.string() });
export type GameProviderRef = z.infer<typeof gameProviderRef>;

export const game = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    provider: gameProviderRef,
    images: z.object({ thumbnail: z.string(), background: z.string() }),
    features: z.array(z.string()),
    rtp: z.string(),
    volatility: z.string(),
    hasDemo: z.boolean(),
    isMobile: z.boolean(),
    /** A made-up title that launches a built-in game under its skin. */
    isDemoContent: z.boolean(),
    /** Currencies it takes for real play; null: any. */
    currencies: z.array(z.string()).nullable(),
    releasedAt: z.string(),
    isFavorite: z.boolean(),
  })
  .meta({ id: "Game" });
export type Game = z.infer<typeof game>;

/**
 * `GET /api/game/games/{id}`: the game, whether the visitor's country may play it, and how its rounds count
 * toward an active bonus's wagering (decision 0065).
 */
export const gameDetails = game
  .extend({
    isAvailable: z.boolean(),
    bonusWagering: z.object({
      /** false: no round of it counts toward a bonus's wagering. */
      counts: z.boolean(),
      /** A winning round counts only at this payout ÷ stake or more ("1.00": every round counts), e.g. "1.50". */
      minMultiplier: decimalString,
    }),
  })
  .meta({ id: "GameDetails" });
export type GameDetails = z.infer<typeof gameDetails>;

export const gameCollection = z
  .object({ id: z.string(), identity: z.string(), name: z.string(), gamesCount: z.number().int() })
  .meta({ id: "GameCollection" });
export type GameCollection = z.infer<typeof gameCollection>;

export const gameProvider = z
  .object({
    id: z.string(),
    identity: z.string(),
    name: z.string(),
    logo: z.string(),
    isBuiltIn: z.boolean(),
    isDemoContent: z.boolean(),
    gamesCount: z.number().int(),
  })
  .meta({ id: "GameProvider" });
export type GameProvider = z.infer<typeof gameProvider>;

export const gameFeature = z
  .object({ feature: z.string(), gamesCount: z.number().int() })
  .meta({ id: "GameFeature" });
export type GameFeature = z.infer<typeof gameFeature>;

export { GAME_SORTS, type GameSort, SPIN_STATUS } from "../constants";

/** A query value given once, several times, comma-separated, or in bracket style (`provider[]=a&provider[]=b`). */
const queryList = z.preprocess((v) => {
  if (v === undefined || v === "") return undefined;
  const list = (Array.isArray(v) ? v : String(v).split(","))
    .map((s) => String(s).trim())
    .filter(Boolean)
    .slice(0, 50);
  return list.length ? list : undefined;
}, z.array(z.string().max(100)).optional());

/**
 * GET /api/game/games: a collection's or the whole lobby's games, filtered and sorted. `provider` and `feature`
 * may come as `provider[]` (the spec's bracket style); both spellings are read.
 */
export const gamesQuery = z
  .object({
    collection: z.string().trim().min(1).max(100).optional(),
    search: z.string().max(100).optional(),
    sort: z.enum(GAME_SORTS).default("popular"),
    provider: queryList,
    "provider[]": queryList,
    feature: queryList,
    "feature[]": queryList,
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    perPage: z.coerce.number().int().min(1).max(100).default(24),
  })
  .transform(({ "provider[]": providers, "feature[]": features, provider, feature, ...q }) => ({
    ...q,
    providers: provider ?? providers,
    features: feature ?? features,
  }));

/** GET /api/game/spins: the player's rounds, a page at a time. */
export const spinsQuery = pagingQuery({ perPage: 20, maxPerPage: 100 });

/** GET /api/game/games/search: `q` (or `search`) matched by name, typo-tolerant. */
export const gameSearchQuery = z.object({
  q: z.string().max(100).optional(),
  search: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** POST /api/game/games/{id}/play: demo by default; `real` (in the body or `?real=true`) plays for money. */
export const playBody = z.object({
  real: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).default(false),
  currency: currencyCode.optional(),
});
export const playQuery = z.object({ real: z.string().max(10).optional() });

/** `POST /api/game/games/{id}/play`. */
export const gameLaunch = z
  .object({
    url: z.string(),
    sessionId: z.string(),
    mode: z.enum(["demo", "real"]),
    currency: z.string().nullable(),
    expiresAt: z.string(),
  })
  .meta({ id: "GameLaunch" });
export type GameLaunch = z.infer<typeof gameLaunch>;

const spinGame = z.object({ id: z.string(), name: z.string(), slug: z.string(), image: z.string() });

/** A round of the player's (`GET /api/game/spins`). */
export const spin = z
  .object({
    id: z.string(),
    roundId: z.string(),
    game: spinGame,
    currency: z.string(),
    betAmount: decimalString,
    winAmount: decimalString,
    status: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Where the player checks this round (the built-in games' provably-fair verifier); absent elsewhere. */
    verifyUrl: z.string().optional(),
  })
  .meta({ id: "Spin" });
export type Spin = z.infer<typeof spin>;

/** A recent winning round of anyone (`GET /api/game/spins/winners`), with the public nickname only. */
export const winner = z
  .object({
    id: z.string(),
    game: spinGame,
    nickname: z.string(),
    currency: z.string(),
    betAmount: decimalString,
    winAmount: decimalString,
    createdAt: z.string(),
  })
  .meta({ id: "Winner" });
export type Winner = z.infer<typeof winner>;

export const recentSearch = z
  .object({ id: z.string(), query: z.string(), searchedAt: z.string() })
  .meta({ id: "RecentSearch" });
export type RecentSearch = z.infer<typeof recentSearch>;

/** DELETE /api/game/search/recent: one search by `?id`, or all of them. */
export const clearRecentQuery = z.object({ id: z.string().max(40).optional() });
