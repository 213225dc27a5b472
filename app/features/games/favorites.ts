import { useSyncExternalStore } from "react";
import { createStore } from "zustand/vanilla";
import type { Game } from "#common/api/game";
import { alert } from "~/lib/alerts";
import { api } from "~/lib/session/client";
import { onLogout } from "~/lib/session/session";

/**
 * The favourite marks this tab changed, by game id. Lists carry the server's mark from when they loaded; a
 * heart toggled on one card must show on every other card of that game (a row and the grid, the game screen)
 * without reloading them, so the toggles win over the loaded marks until the player logs out.
 */
const store = createStore<{ marks: Record<string, boolean>; busy: Record<string, boolean> }>(() => ({
  marks: {},
  busy: {},
}));

export function useIsFavorite(game: Pick<Game, "id" | "isFavorite">): boolean {
  return useSyncExternalStore(
    store.subscribe,
    () => store.getState().marks[game.id] ?? game.isFavorite,
    () => game.isFavorite,
  );
}

export function useFavoriteBusy(id: string): boolean {
  return useSyncExternalStore(
    store.subscribe,
    () => store.getState().busy[id] === true,
    () => false,
  );
}

/** Marks or unmarks a game; the heart turns at once and turns back if the server refuses. */
export async function setFavorite(id: string, on: boolean, failedText: string): Promise<void> {
  const before = store.getState().marks[id];
  store.setState((s) => ({ marks: { ...s.marks, [id]: on }, busy: { ...s.busy, [id]: true } }));
  try {
    const path = `/game/games/${encodeURIComponent(id)}/favorite` as const;
    await (on ? api().post(path) : api().delete(path));
  } catch {
    store.setState((s) => {
      const marks = { ...s.marks };
      if (before === undefined) delete marks[id];
      else marks[id] = before;
      return { marks };
    });
    alert.error(failedText);
  } finally {
    store.setState((s) => ({ busy: { ...s.busy, [id]: false } }));
  }
}

if (typeof window !== "undefined") onLogout(() => store.setState({ marks: {}, busy: {} }));
