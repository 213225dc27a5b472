/**
 * The session cookies (decision 0037), named once for the server that sets them and the site that relies on
 * them. Spec point 9: the token lives in the `access_token` cookie for 365 days; the server sets it HttpOnly,
 * so no script on the page can read it.
 */
export const TOKEN_COOKIE = "access_token";
/**
 * Beside it, readable by the site: the token's expiry (`exp`, seconds since the epoch) and nothing else, so the
 * site refreshes 10 s before it (spec point 4) and every tab sees when another tab has refreshed.
 */
export const EXPIRY_COOKIE = "access_token_expires";
export const TOKEN_COOKIE_DAYS = 365;
/**
 * A header only the site's own calls send. A page on another site cannot add it without a CORS preflight this
 * server never grants, so a change authenticated by the cookie must carry it; the site's calls are also
 * answered without the token in their body.
 */
export const SITE_HEADER = "x-requested-with";
/**
 * Set by the page server (never by a visitor: it drops any they send) on the render of a player's page that is
 * drawn as the guests' shared shell (decision 0075): the root loader then tells the browser to read the session
 * itself.
 */
export const PLAYER_SHELL_HEADER = "x-player-shell";
