import type { HouseEngine } from "#common/house-games";
import { createApi } from "~/lib/api";

/** The built-in provider's game API (server/providers/games/house/service.ts): the launch token is the key. */
export interface HouseSeeds {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

export interface HouseRound {
  id: string;
  engine: HouseEngine;
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
  bet: string;
  payout: string;
  currency: string;
  status: "open" | "paying" | "settled" | "refused" | "voiding" | "refunded";
  nonce: number;
  createdAt: string;
}

export interface HouseSession {
  engine: HouseEngine;
  game: { slug: string; name: string };
  mode: "demo" | "real";
  currency: string;
  balance: string;
  seeds: HouseSeeds;
  openRound: HouseRound | null;
}

export interface PlayAnswer {
  round: HouseRound;
  balance: string;
  seeds?: HouseSeeds;
}

export interface RotateAnswer {
  previous: HouseSeeds & { serverSeed: string };
  current: HouseSeeds;
}

export interface VerifiableRound {
  round: HouseRound;
  seeds: HouseSeeds & { serverSeed: string | null };
}

export type PlayParams = {
  dice?: { target: number; direction: "under" | "over" };
  limbo?: { target: number };
  plinko?: { rows: number; risk: string };
  mines?: { mines: number };
};

/** Same-origin calls from the game page; the token goes in the path, never a player's bearer token. */
export function houseApi(token: string) {
  const api = createApi({ baseUrl: "" });
  const at = `/house/sessions/${encodeURIComponent(token)}`;
  const data = <T>(p: Promise<{ data: T }>) => p.then((r) => r.data);
  return {
    session: () => data(api.get<{ data: HouseSession }>(at)),
    play: (amount: string, params: PlayParams) =>
      data(api.post<{ data: PlayAnswer }>(`${at}/play`, { amount, ...params })),
    minesStart: (amount: string, mines: number) =>
      data(api.post<{ data: PlayAnswer }>(`${at}/mines/start`, { amount, mines: { mines } })),
    minesReveal: (tile: number) => data(api.post<{ data: PlayAnswer }>(`${at}/mines/reveal`, { tile })),
    minesCashOut: () => data(api.post<{ data: PlayAnswer }>(`${at}/mines/cashout`, {})),
    rotate: (clientSeed?: string) =>
      data(api.post<{ data: RotateAnswer }>(`${at}/seeds/rotate`, clientSeed ? { clientSeed } : {})),
    round: (id: string) => data(api.get<{ data: VerifiableRound }>(`${at}/rounds/${encodeURIComponent(id)}`)),
  };
}

export type HouseApi = ReturnType<typeof houseApi>;
