import { useQuery } from "@tanstack/react-query";
import type { Game } from "#common/api/game";
import { alert } from "~/lib/alerts";
import { queryClient } from "~/lib/query";
import { api } from "~/lib/session/client";
import { onLogout } from "~/lib/session/session";
import { useProfile } from "~/lib/session/use-session";

const FAVORITE_KEY = ["games", "favorite"] as const;

/**
 * The favourite marks this tab set, by game id, in the query cache, with the games whose change is on its way.
 * Lists carry the server's mark from when they loaded; a heart toggled on one card must show on every other
 * card of that game (a row and the grid, the game screen) without reloading them, so these marks win over the
 * loaded ones until the player logs out.
 */
interface Marks {
  /** Undefined where the game's own mark stands again (a refused first change). */
  on: Record<string, boolean | undefined>;
  busy: Record<string, boolean>;
}
const NO_MARKS: Marks = { on: {}, busy: {} };
const marksKey = (playerId: string | undefined) => [...FAVORITE_KEY, "marks", playerId] as const;

/**
 * A game's heart: whether it is a favourite, whether a change is on its way (on any card of the game), and the
 * change, which shows at once and turns back if the server refuses.
 */
export function useFavorite(game: Pick<Game, "id" | "isFavorite">) {
  const key = marksKey(useProfile()?.id);
  const { on, busy } =
    useQuery({
      queryKey: key,
      queryFn: () => NO_MARKS,
      enabled: false,
      staleTime: Number.POSITIVE_INFINITY,
      select: (marks: Marks) => ({ on: marks.on[game.id], busy: marks.busy[game.id] === true }),
    }).data ?? {};
  return {
    on: on ?? game.isFavorite,
    busy: busy === true,
    toggle: (next: boolean, failedText: string) => toggle(key, game.id, next, failedText),
  };
}

/** Marks or unmarks a game: a mutation of the tab's cache (built there directly, no observer needed). */
function toggle(key: ReturnType<typeof marksKey>, id: string, on: boolean, failedText: string): void {
  const client = queryClient();
  const before = client.getQueryData<Marks>(key)?.on[id];
  const mark = (value: boolean | undefined, busy: boolean) =>
    client.setQueryData<Marks>(key, (m = NO_MARKS) => ({
      on: { ...m.on, [id]: value },
      busy: { ...m.busy, [id]: busy },
    }));
  mark(on, true);
  client
    .getMutationCache()
    .build(client, {
      mutationKey: [...FAVORITE_KEY, "toggle", id],
      mutationFn: () => {
        const path = `/game/games/${encodeURIComponent(id)}/favorite` as const;
        return on ? api().post(path) : api().delete(path);
      },
    })
    .execute(undefined)
    .then(
      () => mark(on, false),
      () => {
        mark(before, false);
        alert.error(failedText);
      },
    );
}

if (typeof window !== "undefined")
  onLogout(() => queryClient().removeQueries({ queryKey: [...FAVORITE_KEY, "marks"] }));
