import { lazy, type ReactNode, Suspense, useCallback, useState } from "react";
import { useHydrated } from "~/lib/hydrated";
import { useTranslation } from "~/lib/i18n-react";
import { useLoggedIn } from "~/lib/session/use-session";
import { ModalHost } from "~/modals/ModalHost";
import { BottomNav } from "./BottomNav";
import { Drawer } from "./Drawer";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { useLoyaltyEnabled } from "./nav";
import { RouteProgress } from "./RouteProgress";

// Only a logged-in player has a reality check: a guest's first paint does not carry its timer.
const RealityCheckTimer = lazy(() =>
  import("~/features/limits/RealityCheckTimer").then((m) => ({ default: m.RealityCheckTimer })),
);

// The support button and its chat come after the first paint: no page waits for them (decision 0018).
const ChatLauncher = lazy(() =>
  import("~/features/chat/ChatLauncher").then((m) => ({ default: m.ChatLauncher })),
);

// A level-up's notice or modal (spec point 4): only for a player, only while loyalty is on.
const LevelUpWatcher = lazy(() =>
  import("~/features/loyalty/LevelUpWatcher").then((m) => ({ default: m.LevelUpWatcher })),
);
// The quests' live progress and alerts follow a logged-in player on every page, loaded only for them.
const QuestLive = lazy(() => import("~/features/quests/QuestLive").then((m) => ({ default: m.QuestLive })));
// The next pages' code and data taken ahead a second after a page settles: after the first paint, never in it.
const PagePrefetch = lazy(() => import("./PagePrefetch").then((m) => ({ default: m.PagePrefetch })));

/** The default layout's frame: header, drawer, the page, footer and (on phones) the bottom navigation. */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation("layout");
  const loggedIn = useLoggedIn();
  const loyalty = useLoyaltyEnabled();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const hydrated = useHydrated();
  const toggle = useCallback(() => setDrawerOpen((o) => !o), []);
  const close = useCallback(() => setDrawerOpen(false), []);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[100] focus:rounded-lg focus:bg-accent focus:px-4 focus:py-2 focus:text-accent-fg"
      >
        {t("header.skip")}
      </a>
      <RouteProgress />
      <Header onMenu={toggle} drawerOpen={drawerOpen} />
      <div className="flex flex-1">
        <Drawer open={drawerOpen} onClose={close} />
        <div className="flex min-w-0 flex-1 flex-col">
          <main id="main" className="flex flex-1 flex-col">
            {children}
          </main>
          <Footer />
        </div>
      </div>
      <BottomNav onMenu={toggle} drawerOpen={drawerOpen} />
      <ModalHost loggedIn={loggedIn} />
      {hydrated && (
        <Suspense fallback={null}>
          <ChatLauncher />
          <PagePrefetch />
        </Suspense>
      )}
      {/* The reality check's reminder follows a logged-in player on every page of the shell (RTS 13). */}
      {loggedIn && (
        <Suspense fallback={null}>
          <RealityCheckTimer />
          <QuestLive />
        </Suspense>
      )}
      {loggedIn && loyalty && (
        <Suspense fallback={null}>
          <LevelUpWatcher />
        </Suspense>
      )}
    </div>
  );
}
