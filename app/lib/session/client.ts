import { createApi } from "../api";
import { storage } from "../storage";
import { freshSession, recoverSession } from "./session";

/** Stored by the messenger mini-app (spec point 5: the botURL query parameter is stored; see features/messenger). */
export const BOT_URL_KEY = "botURL";

/** Spec point 7: `source` is the bot URL in the messenger app, else the site's origin; `platform` tg or web. */
export function clientOrigin(): { source: string; platform: "tg" | "web" } {
  const bot = storage.get(BOT_URL_KEY);
  return bot ? { source: bot, platform: "tg" } : { source: window.location.origin, platform: "web" };
}

let instance: ReturnType<typeof createApi> | undefined;

/**
 * The browser's API client: the player's session cookie (refreshed before its token expires) on every call,
 * the source headers on
 * the calls that need them, and on 401/403 a lost session (or, in the messenger, a new messenger login after
 * which a 401'd call is sent once more).
 */
export function api() {
  instance ??= createApi({
    baseUrl: "",
    session: freshSession,
    onAuthError: () => recoverSession(),
    client: clientOrigin,
  });
  return instance;
}
