import type { Profile } from "#common/api/player";
import { api } from "./client";
import { isExpiring } from "./refresh";
import { forgetCookie, readExpiry } from "./session";

/**
 * The player whose session cookie came with a page drawn as the guests' shell (decision 0075), or null when
 * the cookie holds no session: then it is forgotten, so the next page is a plain guest's.
 */
export async function readOwnProfile(): Promise<Profile | null> {
  // The header's player widgets (lazy in Header.tsx) are fetched beside the read, so the take-over draws them
  // at once instead of asking for them then. From this chunk, not the first paint's: that costs it no byte.
  void import("~/features/wallet/HeaderBalance");
  void import("~/features/notifications/Bell");
  void import("~/features/auth/UserMenu");
  try {
    const expiry = readExpiry();
    // A token without its marker (put there some other way) or about to expire: the refresh sets both, as the
    // server's render of a player's page would have.
    if (expiry === undefined || isExpiring(expiry, Date.now()))
      return (await api().post("/player/sessions/refresh", {})).profile;
    return await api().get("/player/profile");
  } catch (err) {
    const status = (err as { status?: number }).status;
    if (status === 401 || status === 403) void forgetCookie();
    return null;
  }
}
