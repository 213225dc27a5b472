/**
 * Spec point 4: tabs tell each other about a login or a logout through local storage (the `changeSession`
 * marker of point 3). Each write carries a time and a nonce so that two logins in a row still change the
 * value and fire the other tabs' `storage` event.
 */
export const CHANGE_SESSION_KEY = "changeSession";

export type SessionChange = "login" | "logout";

export function encodeChange(
  type: SessionChange,
  at = Date.now(),
  nonce = Math.random().toString(36).slice(2),
) {
  return btoa(JSON.stringify({ type, at, nonce }));
}

export function decodeChange(
  raw: string | null | undefined,
): { type: SessionChange; at: number } | undefined {
  if (!raw) return undefined;
  try {
    const v = JSON.parse(atob(raw)) as { type?: unknown; at?: unknown };
    if ((v.type === "login" || v.type === "logout") && typeof v.at === "number")
      return { type: v.type, at: v.at };
  } catch {
    // someone else's value under our key: not a change we understand
  }
  return undefined;
}

/**
 * What this tab does when another tab changed the session: a login seen while logged out reloads the page (it
 * then renders logged in), a logout seen while logged in sends the player to the localized home. Anything else
 * (a login seen while logged in, a logout seen while logged out) needs nothing.
 */
export function reactionTo(
  change: SessionChange | undefined,
  loggedIn: boolean,
): "reload" | "go-home" | "none" {
  if (change === "login" && !loggedIn) return "reload";
  if (change === "logout" && loggedIn) return "go-home";
  return "none";
}
