/**
 * The support chat as the site sees it (spec points 3, 6, 7; decision 0018), free of zod so the site's shell may
 * import it. With CHAT_TOKEN and CHAT_HOST the site loads a Freshchat-style widget from that host:
 * `window.fcWidget.init({ token, host, externalId, restoreId })`, and saves the restore id it is given to the
 * player's profile (`freshchatRestoreId`, PUT /api/player/profile). Otherwise it offers the built-in chat.
 */

export interface ChatSiteSettings {
  provider: "built-in" | "widget";
  /** Guests may chat (CHAT_GUEST_ENABLED); otherwise the chat asks them to sign in. */
  guestEnabled: boolean;
  widget?: { token: string; host: string };
}

/** The global the widget's script defines. */
export const CHAT_WIDGET_GLOBAL = "fcWidget";

/** Where the widget's script lives on its host. */
export const CHAT_WIDGET_SCRIPT_PATH = "/js/widget.js";

/** Where the site keeps a guest's chat token (the built-in chat), so the conversation stays with the browser. */
export const CHAT_GUEST_TOKEN_KEY = "chatGuestToken";

/** The header a guest's chat calls carry that token in (the built-in chat, decision 0018). */
export const CHAT_GUEST_HEADER = "x-chat-guest";
