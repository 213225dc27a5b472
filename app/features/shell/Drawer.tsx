import { useEffect, useRef, useState } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { IconButton, Pressable } from "~/components/ui/Button";
import { ChatIcon, CloseIcon, CollapseIcon } from "~/components/ui/icons";
import { MessengerNewsLink } from "~/features/messenger/NewsLink";
import { useTranslation } from "~/lib/i18n-react";
import { useProfile } from "~/lib/session/use-session";
import { parts } from "~/parts";
import { useDrawerCompact } from "./drawer-state";
import { JoinLinks } from "./JoinLinks";
import { Logo } from "./Logo";
import { NavList } from "./NavList";
import { CASINO_NAV, HELP_NAV, LEGAL_NAV, MAIN_NAV } from "./nav";

const DrawerPlayer = parts["drawer-player"].Component;

/**
 * The side drawer: a rail beside the page from 1024px (compact or wide, remembered), off-canvas below it.
 * Spec point 2: it closes whenever the full path changes.
 */
export function Drawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation("layout");
  const [compact, toggleCompact] = useDrawerCompact();
  const chat = Boolean((useRouteLoaderData("root") as { init?: { chat?: unknown } } | undefined)?.init?.chat);
  const { pathname, search, hash } = useLocation();
  const fullPath = `${pathname}${search}${hash}`;
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  // What only the open off-canvas drawer shows (its title bar, a guest's sign-in card; both hidden from 1024px)
  // is drawn from its first opening on, not in every page's HTML (issue 41: the home page within 60 KB).
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of the full path
  useEffect(() => {
    closeRef.current();
  }, [fullPath]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && closeRef.current();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <>
      <Pressable
        tabIndex={-1}
        aria-label={t("drawer.close")}
        onClick={onClose}
        className={`fixed inset-0 z-40 bg-black/60 backdrop-blur-[2px] transition-opacity lg:hidden ${
          open ? "opacity-100" : "pointer-events-none opacity-0"
        }`}
      />
      <aside
        id="drawer"
        data-open={open ? "true" : "false"}
        aria-label={t("drawer.title")}
        className={`fixed inset-y-0 left-0 z-50 flex w-[19rem] max-w-[85vw] flex-col border-r border-line bg-surface transition-transform duration-200 lg:sticky lg:top-16 lg:z-20 lg:h-[calc(100dvh-4rem)] lg:w-60 lg:translate-x-0 lg:bg-bg lg:transition-[width] lg:compact:w-[76px] ${
          open ? "translate-x-0" : "-translate-x-full"
        }`}
      >
        {opened && (
          <div className="flex h-16 items-center justify-between border-b border-line px-4 lg:hidden">
            <Logo size={32} />
            <IconButton onClick={onClose} label={t("drawer.close")} size="md">
              <CloseIcon />
            </IconButton>
          </div>
        )}
        <nav className="flex flex-1 flex-col gap-6 overflow-y-auto px-3 py-5" aria-label={t("drawer.title")}>
          <DrawerAccount opened={opened} />
          <NavList items={MAIN_NAV} title={t("drawer.explore")} />
          <NavList items={CASINO_NAV} title={t("drawer.casino")} />
          <div className="flex flex-col gap-0.5">
            <NavList items={HELP_NAV} title={t("drawer.help")} />
            <MessengerNewsLink />
          </div>
          <NavList items={LEGAL_NAV} title={t("drawer.legal")} />
        </nav>
        <div className="hidden border-t border-line p-3 lg:block">
          {/* The support chat docks here on a desktop (ChatLauncher fills the slot once it loads): a floating
              button would cover the page's controls at its right edge (issue 36). Until then the row, inert. */}
          {chat && (
            <div id="drawer-chat" className="mb-1">
              <span
                aria-hidden="true"
                className="hidden h-10 w-full items-center gap-3 px-3 text-sm font-semibold text-fg only:flex lg:compact:justify-center lg:compact:px-0"
              >
                <ChatIcon size={20} className="text-accent" />
                <span className="lg:compact:sr-only">{t("chat.open")}</span>
              </span>
            </div>
          )}
          <Pressable
            id="drawer-compact"
            onClick={toggleCompact}
            aria-pressed={compact}
            title={compact ? t("drawer.expand") : t("drawer.compact")}
            className="flex h-10 w-full items-center gap-3 rounded-xl px-3 text-sm text-muted transition-colors hover:bg-surface-2 hover:text-fg lg:compact:justify-center lg:compact:px-0"
          >
            <CollapseIcon className="transition-transform lg:compact:rotate-180" />
            <span className="lg:compact:sr-only">{compact ? t("drawer.expand") : t("drawer.compact")}</span>
          </Pressable>
        </div>
      </aside>
    </>
  );
}

/** The drawer's top: the player's card and account links, or (off-canvas on a phone) sign-in and sign-up. */
function DrawerAccount({ opened }: { opened: boolean }) {
  const { t } = useTranslation("layout");
  const profile = useProfile();
  if (!profile)
    return !opened ? null : (
      <div className="flex flex-col gap-2 rounded-2xl border border-line bg-surface-2 p-3 lg:hidden">
        <p className="px-1 text-sm leading-snug text-muted">{t("account.guestPitch")}</p>
        <div className="grid grid-cols-2 gap-2">
          <JoinLinks
            signIn="inline-flex h-10 items-center justify-center rounded-xl border border-line text-sm font-semibold hover:bg-surface-3"
            signUp="inline-flex h-10 items-center justify-center rounded-xl bg-accent text-sm font-bold text-accent-fg hover:brightness-110"
          />
        </div>
      </div>
    );
  // Its code is fetched before hydration where the server drew it (app/parts.tsx); a guest's first paint goes
  // without it.
  return <DrawerPlayer profile={profile} />;
}
