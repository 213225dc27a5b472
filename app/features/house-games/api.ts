import type { PlayParams } from "#common/api/house-games";
import type { BlackjackAction } from "#common/house-games";
import { api } from "~/lib/session/client";

/** The built-in provider's game API (common/api/house-games.ts): the launch token is the key. */
export type * from "#common/api/house-games";

/**
 * Same-origin calls from the game page; the token goes in the path, never a player's bearer token (the one
 * client sends `/house/` calls not as the player: their 401 is the launch's).
 */
export function houseApi(token: string) {
  const call = api();
  const at = `/house/sessions/${encodeURIComponent(token)}` as const;
  const data = <T>(p: Promise<{ data: T }>) => p.then((r) => r.data);
  return {
    session: () => data(call.get(at)),
    play: (amount: string, params: PlayParams) => data(call.post(`${at}/play`, { amount, ...params })),
    minesStart: (amount: string, mines: number) =>
      data(call.post(`${at}/mines/start`, { amount, mines: { mines } })),
    minesReveal: (tile: number) => data(call.post(`${at}/mines/reveal`, { tile })),
    minesCashOut: () => data(call.post(`${at}/mines/cashout`, {})),
    blackjackStart: (amount: string) => data(call.post(`${at}/blackjack/start`, { amount })),
    blackjackAction: (action: BlackjackAction, hand?: number) =>
      data(
        call.post(`${at}/blackjack/action`, {
          action,
          ...(hand !== undefined ? { hand } : {}),
        }),
      ),
    hiloStart: (amount: string) => data(call.post(`${at}/hilo/start`, { amount })),
    hiloAction: (action: "higher" | "lower" | "skip" | "cashout") =>
      data(call.post(`${at}/hilo/action`, { action })),
    videoPokerStart: (amount: string) => data(call.post(`${at}/videopoker/start`, { amount })),
    videoPokerDraw: (holds: number[]) => data(call.post(`${at}/videopoker/action`, { holds })),
    rotate: (clientSeed?: string) => data(call.post(`${at}/seeds/rotate`, clientSeed ? { clientSeed } : {})),
    /** The player's latest finished rounds of this game, across their launches (newest first). */
    rounds: () => data(call.get(`${at}/rounds`)),
    round: (id: string) => data(call.get(`${at}/rounds/${encodeURIComponent(id)}`)),
    crash: () => data(call.get(`${at}/crash`)),
    crashBet: (amount: string, autoCashOut: number | null) =>
      data(call.post(`${at}/crash/bet`, { amount, autoCashOut })),
    crashCashOut: () => data(call.post(`${at}/crash/cashout`, {})),
    crashHistory: () => data(call.get(`${at}/crash/history`)),
  };
}

export type HouseApi = ReturnType<typeof houseApi>;

/** The crash game's public record: a round for the verifier (no session needed). */
export function crashRoundApi(id: string) {
  return api()
    .get(`/house/crash/rounds/${encodeURIComponent(id)}`)
    .then((r) => r.data);
}
