import { useEffect } from "react";
import { redirect, useNavigate } from "react-router";
import { localePath } from "#common/i18n/locales";
import { useShellLocale } from "~/features/shell/nav";
import { readCookie, TOKEN_COOKIE } from "~/lib/session/token";
import { useLoggedIn } from "~/lib/session/use-session";

/** For a player-only page's loader: a visitor without a session cookie goes to sign in (spec point 7). */
export function requireSessionCookie(request: Request, locale: Parameters<typeof localePath>[1]): void {
  if (!readCookie(request.headers.get("cookie"), TOKEN_COOKIE))
    throw redirect(`${localePath("/", locale)}?sign-in=true`);
}

/** In the page: a guest (a cookie that no longer opens a session, or a logout here) goes to sign in. */
export function usePlayerOnly(): boolean {
  const loggedIn = useLoggedIn();
  const navigate = useNavigate();
  const locale = useShellLocale();
  useEffect(() => {
    if (!loggedIn) navigate(`${localePath("/", locale)}?sign-in=true`, { replace: true });
  }, [loggedIn, navigate, locale]);
  return loggedIn;
}
