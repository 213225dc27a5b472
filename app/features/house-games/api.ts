import type { PlayParams } from "#common/api/house-games";
import type { BlackjackAction } from "#common/house-games";
import { createApi } from "~/lib/api";

/** The built-in provider's game API (common/api/house-games.ts): the launch token is the key. */
export type * from "#common/api/house-games";

/** Same-origin calls from the game page; the token goes in the path, never a player's bearer token. */
export function houseApi(token: string) {
  const api = createApi({ baseUrl: "" });
  const at = `/house/sessions/${encodeURIComponent(token)}` as const;
  const data = <T>(p: Promise<{ data: T }>) => p.then((r) => r.data);
  return {
    session: () => data(api.get(at)),
    play: (amount: string, params: PlayParams) => data(api.post(`${at}/play`, { amount, ...params })),
    minesStart: (amount: string, mines: number) =>
      data(api.post(`${at}/mines/start`, { amount, mines: { mines } })),
    minesReveal: (tile: number) => data(api.post(`${at}/mines/reveal`, { tile })),
    minesCashOut: () => data(api.post(`${at}/mines/cashout`, {})),
    blackjackStart: (amount: string) => data(api.post(`${at}/blackjack/start`, { amount })),
    blackjackAction: (action: BlackjackAction, hand?: number) =>
      data(
        api.post(`${at}/blackjack/action`, {
          action,
          ...(hand !== undefined ? { hand } : {}),
        }),
      ),
    hiloStart: (amount: string) => data(api.post(`${at}/hilo/start`, { amount })),
    hiloAction: (action: "higher" | "lower" | "skip" | "cashout") =>
      data(api.post(`${at}/hilo/action`, { action })),
    videoPokerStart: (amount: string) => data(api.post(`${at}/videopoker/start`, { amount })),
    videoPokerDraw: (holds: number[]) => data(api.post(`${at}/videopoker/action`, { holds })),
    rotate: (clientSeed?: string) => data(api.post(`${at}/seeds/rotate`, clientSeed ? { clientSeed } : {})),
    /** The player's latest finished rounds of this game, across their launches (newest first). */
    rounds: () => data(api.get(`${at}/rounds`)),
    round: (id: string) => data(api.get(`${at}/rounds/${encodeURIComponent(id)}`)),
    crash: () => data(api.get(`${at}/crash`)),
    crashBet: (amount: string, autoCashOut: number | null) =>
      data(api.post(`${at}/crash/bet`, { amount, autoCashOut })),
    crashCashOut: () => data(api.post(`${at}/crash/cashout`, {})),
    crashHistory: () => data(api.get(`${at}/crash/history`)),
  };
}

export type HouseApi = ReturnType<typeof houseApi>;

/** The crash game's public record: a round for the verifier (no session needed). */
export function crashRoundApi(id: string) {
  const api = createApi({ baseUrl: "" });
  return api.get(`/house/crash/rounds/${encodeURIComponent(id)}`).then((r) => r.data);
}
