import { CHAT_GUEST_HEADER, CHAT_GUEST_TOKEN_KEY } from "#common/chat-widget";
import { type ApiClient, createApi } from "../api";
import { storage } from "../storage";
import { freshSession, recoverSession } from "./session";

/** Stored by the messenger mini-app (spec point 5: the botURL query parameter is stored; see features/messenger). */
export const BOT_URL_KEY = "botURL";

/** Spec point 7: `source` is the bot URL in the messenger app, else the site's origin; `platform` tg or web. */
export function clientOrigin(): { source: string; platform: "tg" | "web" } {
  const bot = storage.get(BOT_URL_KEY);
  return bot ? { source: bot, platform: "tg" } : { source: window.location.origin, platform: "web" };
}

/**
 * Calls that never go as the player's session, though its cookie rides along: the refresh and the logout
 * (made by the session, which handles their refusals), the messenger login's own calls (a refused one must not log in again),
 * and the house games' calls, whose launch token in the path is the key (their 401 is the launch's, not the
 * session's).
 */
const NOT_AS_PLAYER = /^\/(player\/sessions\/(refresh|logout)$|player\/tg_login$|tg-bot\/users$|house\/)/;

/** The chat's calls carry the guest's conversation token beside the player's (adopted on sign-in). */
const guestHeader = (path: string) => {
  if (!path.startsWith("/chat/")) return undefined;
  const guest = storage.get(CHAT_GUEST_TOKEN_KEY);
  return guest ? { [CHAT_GUEST_HEADER]: guest } : undefined;
};

let instance: ApiClient | undefined;

/**
 * The browser's one API client: the player's session cookie (refreshed before its token expires) on every
 * call made as the player, the source headers on the calls that need them, and on 401/403 a lost session
 * (or, in the messenger, a new messenger login after which a 401'd call is sent once more). Calls as someone
 * else (a staff member, a withdrawal-only sign-in) go through `api().as(bearer)`. Server rendering has its
 * own per request (`apiFor`).
 */
export function api(): ApiClient {
  instance ??= createApi({
    baseUrl: "",
    session: (path) => (NOT_AS_PLAYER.test(path) ? false : freshSession()),
    onAuthError: () => recoverSession(),
    client: clientOrigin,
    headersFor: guestHeader,
  });
  return instance;
}
