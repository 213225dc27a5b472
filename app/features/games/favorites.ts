import { useIsMutating, useMutation, useQuery } from "@tanstack/react-query";
import type { Game } from "#common/api/game";
import { alert } from "~/lib/alerts";
import { queryClient } from "~/lib/query";
import { api } from "~/lib/session/client";
import { onLogout } from "~/lib/session/session";
import { useProfile } from "~/lib/session/use-session";

const FAVORITE_KEY = ["games", "favorite"] as const;

/**
 * The favourite marks this tab set, by game id, in the query cache. Lists carry the server's mark from when
 * they loaded; a heart toggled on one card must show on every other card of that game (a row and the grid, the
 * game screen) without reloading them, so these marks win over the loaded ones until the player logs out.
 */
type Marks = Record<string, boolean>;
const marksKey = (playerId: string | undefined) => [...FAVORITE_KEY, "marks", playerId] as const;
const toggleKey = (gameId: string) => [...FAVORITE_KEY, "toggle", gameId] as const;

/**
 * A game's heart: whether it is a favourite, whether a change is on its way (on any card of the game), and the
 * change, which shows at once and turns back if the server refuses.
 */
export function useFavorite(game: Pick<Game, "id" | "isFavorite">) {
  const playerId = useProfile()?.id;
  const key = marksKey(playerId);
  const mark = useQuery({
    queryKey: key,
    queryFn: (): Marks => ({}),
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
    select: (marks: Marks) => marks[game.id],
  }).data;
  const busy = useIsMutating({ mutationKey: toggleKey(game.id) }) > 0;
  const toggle = useMutation({
    mutationKey: toggleKey(game.id),
    mutationFn: ({ on }: { on: boolean; failedText: string }) => {
      const path = `/game/games/${encodeURIComponent(game.id)}/favorite` as const;
      return on ? api().post(path) : api().delete(path);
    },
    onMutate: ({ on }) => {
      const before = queryClient().getQueryData<Marks>(key)?.[game.id];
      queryClient().setQueryData<Marks>(key, (m) => ({ ...m, [game.id]: on }));
      return { before };
    },
    onError: (_err, { failedText }, context) => {
      queryClient().setQueryData<Marks>(key, (m) => {
        const marks = { ...m };
        if (context?.before === undefined) delete marks[game.id];
        else marks[game.id] = context.before;
        return marks;
      });
      alert.error(failedText);
    },
  });
  return {
    on: mark ?? game.isFavorite,
    busy,
    toggle: (on: boolean, failedText: string) => toggle.mutate({ on, failedText }),
  };
}

if (typeof window !== "undefined")
  onLogout(() => queryClient().removeQueries({ queryKey: [...FAVORITE_KEY, "marks"] }));
