/** The game lobby's answers, as the server (server/modules/game) sends them and the site reads them. */

export interface GameProviderRef {
  id: string;
  identity: string;
  name: string;
}

export interface Game {
  id: string;
  slug: string;
  name: string;
  description: string;
  provider: GameProviderRef;
  images: { thumbnail: string; background: string };
  features: string[];
  rtp: string;
  volatility: string;
  hasDemo: boolean;
  isMobile: boolean;
  /** A made-up title that launches a built-in game under its skin. */
  isDemoContent: boolean;
  /** Currencies it takes for real play; null: any. */
  currencies: string[] | null;
  releasedAt: string;
  isFavorite: boolean;
}

/** `GET /api/game/games/{id}`: the game and whether the visitor's country may play it. */
export interface GameDetails extends Game {
  isAvailable: boolean;
}

export interface GameCollection {
  id: string;
  identity: string;
  name: string;
  gamesCount: number;
}

export interface GameProvider {
  id: string;
  identity: string;
  name: string;
  logo: string;
  isBuiltIn: boolean;
  isDemoContent: boolean;
  gamesCount: number;
}

export interface GameFeature {
  feature: string;
  gamesCount: number;
}

export const GAME_SORTS = ["popular", "new", "name", "name-desc", "rtp"] as const;
export type GameSort = (typeof GAME_SORTS)[number];

/** `POST /api/game/games/{id}/play`. */
export interface GameLaunch {
  url: string;
  sessionId: string;
  mode: "demo" | "real";
  currency: string | null;
  expiresAt: string;
}

/** game.bet.status */
export const SPIN_STATUS = { open: 1, won: 2, lost: 3, refunded: 4 } as const;

/** A round of the player's (`GET /api/game/spins`). */
export interface Spin {
  id: string;
  roundId: string;
  game: { id: string; name: string; slug: string; image: string };
  currency: string;
  betAmount: string;
  winAmount: string;
  status: number;
  createdAt: string;
  updatedAt: string;
}

/** A recent winning round of anyone (`GET /api/game/spins/winners`), with the public nickname only. */
export interface Winner {
  id: string;
  game: { id: string; name: string; slug: string; image: string };
  nickname: string;
  currency: string;
  betAmount: string;
  winAmount: string;
  createdAt: string;
}

export interface RecentSearch {
  id: string;
  query: string;
  searchedAt: string;
}
