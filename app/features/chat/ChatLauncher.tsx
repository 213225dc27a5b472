import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { useLocation, useRouteLoaderData } from "react-router";
import type { ChatSiteSettings } from "#common/chat-widget";
import { Button, Pressable } from "~/components/ui/Button";
import { ChatIcon } from "~/components/ui/icons";
import { afterFirstPaint } from "~/lib/after-first-paint";
import { useTranslation } from "~/lib/i18n-react";
import { useLoggedIn, useProfile } from "~/lib/session/use-session";
import { setChatState, useChat } from "./state";

// The chat's calls and live updates load after the first paint (the home page's JavaScript budget).
const store = () => import("./store");
const openChat = () => {
  setChatState({ open: true });
  void store().then((m) => m.openChat());
};

// The panel (messages, composer) is loaded when it is first opened: the first paint carries only the button.
const ChatPanel = lazy(() => import("./ChatPanel").then((m) => ({ default: m.ChatPanel })));

/** Which chat the site offers (the root loader's /player/init); none when unknown. */
function useChatSettings(): ChatSiteSettings | undefined {
  const root = useRouteLoaderData("root") as { init?: { chat?: ChatSiteSettings } } | undefined;
  return root?.init?.chat;
}

/**
 * The signed-in player, once the login sequence has made their token usable (the profile is known a moment
 * before): until then the visitor is a guest.
 */
function usePlayer() {
  const profile = useProfile();
  return useLoggedIn() ? profile : null;
}

/**
 * Opens the support chat: the third-party widget when it is configured and the visitor may use it, else the
 * built-in panel (which tells a guest to sign in while guest chat is off).
 */
export function useOpenChat(): (() => void) | undefined {
  const settings = useChatSettings();
  const profile = usePlayer();
  const open = useCallback(() => {
    if (settings?.provider === "widget" && (profile || settings.guestEnabled)) {
      void import("./widget")
        .then(({ startWidget }) => startWidget(settings, profile))
        .then((widget) => widget.open())
        .catch((err) => {
          console.error("Failed to open the chat", err);
          openChat();
        });
      return;
    }
    openChat();
  }, [settings, profile]);
  return settings ? open : undefined;
}

/**
 * Where the chat docks instead of floating over the page's controls (issue 36): a tab of the phone's bottom
 * navigation (BottomNav renders `bottom-nav-chat`), a row of the desktop's side rail (Drawer renders
 * `drawer-chat`). Between the two (a tablet: no tab bar, no rail) it floats.
 */
const DOCKS = [
  { id: "bottom-nav-chat", media: "(max-width: 767.98px)", kind: "tab" },
  { id: "drawer-chat", media: "(min-width: 1024px)", kind: "rail" },
] as const;
type Dock = { slot: HTMLElement; kind: (typeof DOCKS)[number]["kind"] };

function useDock(): Dock | null {
  const [dock, setDock] = useState<Dock | null>(null);
  useEffect(() => {
    const queries = DOCKS.map((d) => ({ ...d, query: window.matchMedia(d.media) }));
    const find = () => {
      const hit = queries.find((d) => d.query.matches);
      const slot = hit ? document.getElementById(hit.id) : null;
      setDock(hit && slot ? { slot, kind: hit.kind } : null);
    };
    find();
    for (const q of queries) q.query.addEventListener("change", find);
    return () => {
      for (const q of queries) q.query.removeEventListener("change", find);
    };
  }, []);
  return dock;
}

/** The support button on every page of the shell, with the count of support's unread answers, and the panel. */
export function ChatLauncher() {
  const { t } = useTranslation("layout");
  const settings = useChatSettings();
  const profile = usePlayer();
  const owner = profile ? String(profile.id) : "guest";
  const chat = useChat();
  const open = useOpenChat();
  const widget = settings?.provider === "widget";
  const { pathname } = useLocation();
  const sports = /\/(betting|sport)(\/|$)/.test(pathname);
  // The game screen is the game's: no bubble over its controls (the chat stays in the menu's help pages).
  const gameScreen = /(^|\/)game\/[^/]+\/?$/.test(pathname);
  const dock = useDock();

  // The built-in chat learns who is visiting after the first paint (a player's unread count loads then).
  useEffect(() => {
    if (!settings || widget) return;
    return afterFirstPaint(
      store,
      (m) => m.setChatVisitor(owner, settings.guestEnabled),
      undefined,
      "The chat",
    );
  }, [settings, widget, owner]);

  // The widget starts after the first paint for a player (or any visitor with guest chat on), and forgets a
  // player who signs out (spec point 4).
  useEffect(() => {
    if (!settings || !widget) return;
    if (!profile && !settings.guestEnabled) {
      void import("./widget").then((m) => m.clearWidget());
      return;
    }
    return afterFirstPaint(
      () => import("./widget"),
      (m) =>
        void m.startWidget(settings, profile).catch((err) => console.error("The chat failed to start", err)),
      undefined,
      "The chat",
    );
  }, [settings, widget, profile]);

  if (!open) return null;
  const unread = widget ? 0 : chat.unread;
  const label = unread > 0 ? t("chat.openUnread", { count: unread }) : t("chat.open");
  const badge = unread > 0 && (
    <span
      data-testid="chat-unread"
      className="absolute -top-1 -right-1 grid min-w-5.5 place-items-center rounded-full border-2 border-bg bg-danger px-1 text-[11px] leading-4.5 font-bold text-white"
    >
      {unread > 99 ? "99+" : unread}
    </span>
  );
  const panel = chat.open && (
    <Suspense fallback={null}>
      <ChatPanel />
    </Suspense>
  );
  // Docked, the chat is a tab of the phone's navigation or a row of the desktop's rail: nothing floats over
  // the page (issue 36).
  if (dock)
    return (
      <>
        {createPortal(
          <Pressable
            data-testid="chat-launcher"
            data-docked={dock.kind}
            onClick={open}
            aria-label={label}
            title={t("chat.open")}
            className={
              dock.kind === "tab"
                ? `flex size-full flex-col items-center justify-center gap-1 text-[0.68rem] font-semibold transition-colors ${chat.open ? "text-accent" : "text-muted hover:text-fg"}`
                : `flex h-10 w-full items-center gap-3 rounded-xl px-3 text-sm font-semibold transition-colors lg:compact:justify-center lg:compact:px-0 ${chat.open ? "bg-surface-2 text-accent" : "text-fg hover:bg-surface-2"}`
            }
          >
            <span className="relative text-accent">
              <ChatIcon size={dock.kind === "tab" ? 22 : 20} />
              {badge}
            </span>
            <span className={dock.kind === "rail" ? "lg:compact:sr-only" : undefined}>
              {dock.kind === "tab" ? t("chat.support") : t("chat.open")}
            </span>
          </Pressable>,
          dock.slot,
        )}
        {panel}
      </>
    );
  if (gameScreen && !chat.open) return null;
  return (
    <>
      {!chat.open && (
        <Pressable
          data-testid="chat-launcher"
          onClick={open}
          aria-label={label}
          title={t("chat.open")}
          className={`fixed right-4 z-30 grid size-13 place-items-center rounded-full bg-accent text-accent-fg shadow-[0_10px_30px_-8px_var(--c-accent)] transition hover:brightness-110 focus-visible:outline-offset-4 md:right-6 ${
            // Sports pages below lg have the bet slip's button in this corner: the chat's stands above it.
            sports
              ? "bottom-[calc(8.75rem+env(safe-area-inset-bottom))] md:bottom-22 lg:bottom-6"
              : "bottom-[calc(4.75rem+env(safe-area-inset-bottom))] md:bottom-6"
          }`}
        >
          <ChatIcon size={24} />
          {badge}
        </Pressable>
      )}
      {panel}
    </>
  );
}

/** A page's own "chat with us" button (/support, /contact): the same chat as the floating one. */
export function OpenChatButton({ className = "" }: { className?: string }) {
  const { t } = useTranslation("layout");
  const open = useOpenChat();
  if (!open) return null;
  return (
    <Button data-testid="chat-open-inline" onClick={open} className={className}>
      <ChatIcon size={18} />
      {t("chat.start")}
    </Button>
  );
}
