import type { Profile } from "#common/api/player";
import type { Currency, WalletAccount } from "#common/api/wallet";
import { apiFor } from "../api";
import { isTokenExpired, markerExpiry, readCookie, TOKEN_COOKIE } from "./token";

/**
 * What the page is rendered with: the profile, and the wallet when it could be read with the same token (the
 * header's balance on first paint). The token never goes into the page (decision 0037).
 */
export interface InitialSession {
  profile: Profile;
  wallet?: { accounts: WalletAccount[]; currencies: Currency[] };
}

/**
 * For the root loader (spec point 4, first load with a stored token): the profile of the `access_token`
 * cookie, refreshing an expired token (or one without its expiry marker) first, so the header shows the player on first paint. Any failure
 * leaves the visitor logged out. `setCookie` holds the refresh's new cookies, for the page's answer to pass on
 * (only the server may write the HttpOnly token cookie).
 */
export async function loadSession(
  request: Request,
  context: { apiBaseUrl?: string } | undefined,
): Promise<{ session: InitialSession | null; setCookie: string[] }> {
  const cookies = request.headers.get("cookie");
  const token = readCookie(cookies, TOKEN_COOKIE);
  if (!token) return { session: null, setCookie: [] };
  const setCookie: string[] = [];
  try {
    const api = apiFor(request, context, token, (res) => setCookie.push(...res.headers.getSetCookie()));
    // A token without its expiry marker (put there some other way) is refreshed too: the answer sets both.
    // The browser then reads the wallet itself (the new token is only in the answer's cookies).
    if (isTokenExpired(token) || markerExpiry(cookies) === undefined) {
      const r = await api.post("/player/sessions/refresh", {});
      return { session: { profile: r.profile }, setCookie };
    }
    const [profile, wallet] = await Promise.all([
      api.get("/player/profile"),
      // The wallet is the header's, not the session's: without it the browser reads it after hydration.
      Promise.all([api.get("/wallet/accounts"), api.get("/settings/currencies")]).then(
        ([accounts, currencies]) => ({ accounts: accounts.data, currencies: currencies.data }),
        () => undefined,
      ),
    ]);
    return { session: wallet ? { profile, wallet } : { profile }, setCookie };
  } catch {
    // A refused refresh answered with cookies that forget the session: pass those on too.
    return { session: null, setCookie };
  }
}
