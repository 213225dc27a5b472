import type { GameCollection, GameProvider } from "#common/api/game";
import type { Api } from "~/lib/api";

/**
 * The lobby's lists a page's loader reads on the server, so its first paint already has them and nothing
 * moves when they would have arrived (layout shift, issue #20). They seed the same queries the browser would
 * run (`initialData`); a list that fails to load is left to the browser (null).
 */
export const preloadCollections = (api: Api): Promise<GameCollection[] | null> =>
  api
    .get("/game/collections")
    .then((r) => r.data)
    .catch(() => null);

export const preloadProviders = (api: Api): Promise<GameProvider[] | null> =>
  api
    .get("/game/providers")
    .then((r) => r.data)
    .catch(() => null);
