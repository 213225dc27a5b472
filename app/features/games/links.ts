import { useLocation } from "react-router";
import { useLocalePath } from "~/features/shell/nav";
import { useLoggedIn } from "~/lib/session/use-session";
import { withModal } from "~/modals/ModalLink";

/** Where a game opens: its screen in demo, or for real money with `?real=true` (spec point 2). */
export function gameScreenPath(slug: string, real: boolean): string {
  return `/game/${encodeURIComponent(slug)}${real ? "?real=true" : ""}`;
}

/**
 * The links of a game's Play and Demo buttons. A guest's Play opens `demo-game` (play the demo or sign in);
 * a player's goes straight to real play.
 */
export function useGameLinks() {
  const href = useLocalePath();
  const loggedIn = useLoggedIn();
  const { pathname, search } = useLocation();
  return {
    loggedIn,
    play: (slug: string) =>
      loggedIn ? href(gameScreenPath(slug, true)) : withModal(pathname, search, "demo-game", slug),
    demo: (slug: string) => href(gameScreenPath(slug, false)),
    /** On a phone a card opens the game's sheet first (`mobile-game`): there is no hover to show the buttons. */
    sheet: (slug: string) => withModal(pathname, search, "mobile-game", slug),
  };
}
