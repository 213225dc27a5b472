import type { Profile, SessionResponse } from "#common/api/player";
import { apiFor } from "../api";
import { isTokenExpired, readCookie, TOKEN_COOKIE } from "./token";

export interface InitialSession {
  token: string;
  profile: Profile;
}

/**
 * For the root loader (spec point 4, first load with a stored token): the profile of the `access_token`
 * cookie, refreshing an expired token first, so the header shows the player on first paint. Any failure
 * leaves the visitor logged out.
 */
export async function loadSession(
  request: Request,
  context: { apiBaseUrl?: string } | undefined,
): Promise<InitialSession | null> {
  const token = readCookie(request.headers.get("cookie"), TOKEN_COOKIE);
  if (!token) return null;
  try {
    const api = apiFor(request, context, token);
    if (isTokenExpired(token)) {
      const r = await api.post<SessionResponse>("/player/sessions/refresh");
      return { token: r.accessToken, profile: r.profile };
    }
    return { token, profile: await api.get<Profile>("/player/profile") };
  } catch {
    return null;
  }
}
