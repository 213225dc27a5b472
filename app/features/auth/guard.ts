import { useEffect } from "react";
import { redirect, useLocation, useNavigate } from "react-router";
import { localePath } from "#common/i18n/locales";
import { useShellLocale } from "~/features/shell/nav";
import { readCookie, TOKEN_COOKIE } from "~/lib/session/token";
import { useLoggedIn } from "~/lib/session/use-session";

/** For a player-only page's loader: a visitor without a session cookie goes to sign in (spec point 7). */
export function requireSessionCookie(request: Request, locale: Parameters<typeof localePath>[1]): void {
  if (!readCookie(request.headers.get("cookie"), TOKEN_COOKIE))
    throw redirect(`${localePath("/", locale)}?sign-in=true`);
}

/**
 * In the page: a guest (a cookie that no longer opens a session, or a logout here) goes to sign in. Only while
 * the address is still this page's: a logout or a break leaves the page first and clears the session after, and
 * the router swaps the page in a transition, so this page can still be on screen, rendered with its own location,
 * when the session clears. Sending that visitor to sign in would overtake where they were sent.
 */
export function usePlayerOnly(): boolean {
  const loggedIn = useLoggedIn();
  const navigate = useNavigate();
  const locale = useShellLocale();
  const { pathname } = useLocation();
  useEffect(() => {
    if (!loggedIn && window.location.pathname === pathname)
      navigate(`${localePath("/", locale)}?sign-in=true`, { replace: true });
  }, [loggedIn, navigate, locale, pathname]);
  return loggedIn;
}
