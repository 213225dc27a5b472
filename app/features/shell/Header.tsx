import { lazy, Suspense, useState } from "react";
import { Link, NavLink } from "react-router";
import { iconButtonClass, Pressable } from "~/components/ui/Button";
import { MenuIcon, SearchIcon } from "~/components/ui/icons";
import { useMessenger } from "~/features/messenger/state";
import { ConnectionStatus } from "~/features/realtime/ConnectionStatus";
import { useTranslation } from "~/lib/i18n-react";
import { JoinLinks } from "./JoinLinks";
// The wallet's accounts load inside every login sequence (spec point 4), whether or not its header widget has
// loaded yet.
import "~/features/wallet/wiring";
import { useSessionState } from "~/lib/session/use-session";
import { ModalLink } from "~/modals/ModalLink";
import { Logo } from "./Logo";
import { MAIN_NAV, useLocalePath, useNavItems } from "./nav";

// A guest's page never needs the player's header menus (and their menu library): they load once a player is in.
const HeaderBalance = lazy(() =>
  import("~/features/wallet/HeaderBalance").then((m) => ({ default: m.HeaderBalance })),
);
const Bell = lazy(() => import("~/features/notifications/Bell").then((m) => ({ default: m.Bell })));
const UserMenu = lazy(() => import("~/features/auth/UserMenu").then((m) => ({ default: m.UserMenu })));

/** The player's balance, bell and menu. */
function PlayerWidgets() {
  return (
    <>
      <HeaderBalance />
      <Bell />
      <UserMenu />
    </>
  );
}

/** Holds the header's place while the player's widgets load. */
function PlayerWidgetsLoading() {
  return (
    <span aria-busy="true" className="flex items-center gap-2">
      <span className="h-11 w-28 animate-pulse rounded-xl bg-surface-2" />
      <span className="size-11 animate-pulse rounded-full bg-surface-2" />
    </span>
  );
}

export function Header({ onMenu, drawerOpen }: { onMenu: () => void; drawerOpen: boolean }) {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  const mainNav = useNavItems(MAIN_NAV);
  const { loggedIn, pending } = useSessionState();
  // A page the server rendered for a player writes the widgets in place, with no Suspense boundary of their own:
  // React moves a boundary's finished content to the end of the document once the page passes 12.8 KB, so the
  // browser painted the placeholder and then swapped the widgets in (a layout shift on every player's page
  // load), and hydrating it later dropped them to the placeholder again. Without the boundary the page's
  // hydration waits for their chunks and keeps the server's HTML. A guest who signs in later sees the
  // placeholder while they load.
  const [inPlace] = useState(loggedIn);
  // The mini-app logs its user in by itself: a placeholder stands where the balance is about to appear, as it
  // does while the browser reads the session of a player's page drawn as the guests' shell (`pending`).
  const messengerLoggingIn = useMessenger().login === "running";
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-bg/85 pt-[var(--messenger-top)] backdrop-blur-md supports-[backdrop-filter]:bg-bg/70">
      <div className="flex h-16 items-center gap-2 px-3 sm:gap-4 sm:px-5">
        <Pressable
          onClick={onMenu}
          aria-label={t("header.menu")}
          aria-controls="drawer"
          aria-expanded={drawerOpen}
          className={iconButtonClass("md", "lg:hidden")}
        >
          <MenuIcon size={22} />
        </Pressable>
        <Link
          to={href("/")}
          className="shrink-0 rounded-lg focus-visible:outline-offset-4"
          aria-label={t("header.homeLabel")}
        >
          <Logo responsive />
        </Link>
        {/* One line always: a label that wrapped (a signed-in header at 1280 px is full) pushed the bar taller. */}
        <nav
          aria-label={t("header.navLabel")}
          className="ml-2 hidden min-w-0 items-center gap-0.5 md:flex xl:ml-4 xl:gap-1"
        >
          {mainNav.map((item) => (
            <NavLink
              key={item.to}
              to={href(item.to)}
              end={item.end}
              className={({ isActive }) => `header-link ${isActive ? "text-fg" : "text-muted hover:text-fg"}`}
            >
              {t(item.label)}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          {/* A player's header also holds the balance, the bell and the menu: at 1280 px the count would run into
              the navigation, so it shows as the dot (its title says the count) until 2xl; on a phone there is no
              room even for the dot (the menu went past the screen's edge at 390 px). */}
          <ConnectionStatus
            className={loggedIn ? "px-1 max-sm:hidden" : "px-1"}
            countClassName={loggedIn ? "hidden 2xl:inline-block" : "hidden lg:inline-block"}
          />
          <ModalLink
            modal="global-search"
            aria-label={t("header.search")}
            title={t("header.search")}
            data-testid="header-search"
            // A player's phone header is full with the balance, deposit and menu: search lives in the lobby there.
            className={`${loggedIn ? "hidden sm:grid" : "grid"} size-10 shrink-0 place-items-center rounded-xl text-muted transition-colors hover:bg-surface-2 hover:text-fg`}
          >
            <SearchIcon size={20} />
          </ModalLink>
          {loggedIn ? (
            inPlace ? (
              <PlayerWidgets />
            ) : (
              <Suspense fallback={<PlayerWidgetsLoading />}>
                <PlayerWidgets />
              </Suspense>
            )
          ) : pending || messengerLoggingIn ? (
            <span aria-busy="true" data-testid="header-signing-in" className="flex items-center gap-2">
              <span className="sr-only">{t("header.signingIn")}</span>
              <span className="h-10 w-28 animate-pulse rounded-xl bg-surface-2" />
              <span className="size-10 animate-pulse rounded-full bg-surface-2" />
            </span>
          ) : (
            <JoinLinks
              icon
              signIn="inline-flex h-10 items-center gap-2 rounded-xl border border-line px-3.5 text-sm font-semibold text-fg transition-colors hover:border-muted hover:bg-surface-2 sm:px-4"
              signUp="inline-flex h-10 items-center rounded-xl bg-accent px-3.5 text-sm font-bold text-accent-fg shadow-[0_6px_20px_-6px_var(--c-accent)] transition hover:brightness-110 sm:px-5"
            />
          )}
        </div>
      </div>
    </header>
  );
}
