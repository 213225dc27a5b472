import { NavLink, useRouteLoaderData } from "react-router";
import { Pressable } from "~/components/ui/Button";
import {
  ChatIcon,
  CrownIcon,
  DiceIcon,
  GiftIcon,
  HomeIcon,
  MenuIcon,
  SignInIcon,
  TrophyIcon,
} from "~/components/ui/icons";
import { Avatar } from "~/features/auth/Avatar";
import { useTranslation } from "~/lib/i18n-react";
import { useSessionState } from "~/lib/session/use-session";
import { ModalLink } from "~/modals/ModalLink";
import { type NavItem, useLocalePath, useLoyaltyEnabled, useSportsEnabled } from "./nav";

const ITEMS: NavItem[] = [
  { to: "/", label: "nav.home", icon: HomeIcon, end: true },
  { to: "/games", label: "nav.casino", icon: DiceIcon },
];
/** The third tab: sports while they are on, else the VIP club while loyalty is on, else the bonuses. */
const SPORTS: NavItem = { to: "/betting", label: "nav.sports", icon: TrophyIcon, sports: true };
const VIP: NavItem = { to: "/vip-club", label: "nav.vipShort", icon: CrownIcon, loyalty: true };
const BONUSES: NavItem = { to: "/bonuses", label: "nav.bonuses", icon: GiftIcon };

/** The phone's tab bar, within thumb reach; the last tab opens the drawer with everything else. */
export function BottomNav({ onMenu, drawerOpen }: { onMenu: () => void; drawerOpen: boolean }) {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  // `pending`: a player's home drawn as the guests' shell, whose session is being read (decision 0075).
  const { profile, pending } = useSessionState();
  const loyalty = useLoyaltyEnabled();
  const items = [...ITEMS, useSportsEnabled() ? SPORTS : loyalty ? VIP : BONUSES];
  // The support chat docks here on a phone (ChatLauncher fills the slot once it loads): a floating button
  // would cover the page's controls (issue 36). Until then the slot shows the same tab, inert.
  const root = useRouteLoaderData("root") as { init?: { chat?: unknown } } | undefined;
  const chat = Boolean(root?.init?.chat);
  const item = "bottom-nav-item";
  return (
    <nav
      data-testid="bottom-nav"
      aria-label={t("bottomNav.label")}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md md:hidden"
    >
      <div className="flex h-16">
        {items.map((i) => (
          <NavLink
            key={i.to}
            to={href(i.to)}
            end={i.end}
            className={({ isActive }) => `${item} ${isActive ? "text-accent" : "text-muted hover:text-fg"}`}
          >
            <i.icon size={22} />
            {t(i.label)}
          </NavLink>
        ))}
        {profile ? (
          <NavLink
            to={href("/profile/info")}
            data-testid="bottom-nav-account"
            className={({ isActive }) => `${item} ${isActive ? "text-accent" : "text-muted hover:text-fg"}`}
          >
            <Avatar profile={profile} size={24} className="ring-1" />
            {t("account.menuShort")}
          </NavLink>
        ) : pending ? (
          <span aria-busy="true" className={`${item} text-muted`}>
            <span className="size-6 animate-pulse rounded-full bg-surface-2" />
            {t("account.menuShort")}
          </span>
        ) : (
          <ModalLink modal="sign-in" className={`${item} text-muted hover:text-fg`}>
            <SignInIcon size={22} />
            {t("account.signInShort")}
          </ModalLink>
        )}
        {chat && (
          <div id="bottom-nav-chat" className="flex flex-1">
            <span aria-hidden="true" className={`${item} hidden text-muted only:flex`}>
              <ChatIcon size={22} />
              {t("chat.support")}
            </span>
          </div>
        )}
        <Pressable
          onClick={onMenu}
          aria-controls="drawer"
          aria-expanded={drawerOpen}
          className={`${item} ${drawerOpen ? "text-accent" : "text-muted hover:text-fg"}`}
        >
          <MenuIcon size={22} />
          {t("bottomNav.menu")}
        </Pressable>
      </div>
    </nav>
  );
}
