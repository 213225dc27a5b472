import { createApi } from "../api";
import { storage } from "../storage";
import { freshToken, sessionLost } from "./session";

/** Stored by the messenger mini-app (spec point 5: the botURL query parameter is stored). */
export const BOT_URL_KEY = "botURL";

/** Spec point 7: `source` is the bot URL in the messenger app, else the site's origin; `platform` tg or web. */
export function clientOrigin(): { source: string; platform: "tg" | "web" } {
  const bot = storage.get(BOT_URL_KEY);
  return bot ? { source: bot, platform: "tg" } : { source: window.location.origin, platform: "web" };
}

let instance: ReturnType<typeof createApi> | undefined;

/**
 * The browser's API client: the player's token (refreshed when expired) on every call, the source headers on
 * the calls that need them, and a lost session on 401/403.
 */
export function api() {
  instance ??= createApi({
    baseUrl: "",
    getToken: freshToken,
    onAuthError: () => sessionLost(),
    client: clientOrigin,
  });
  return instance;
}
