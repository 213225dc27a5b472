import { useEffect, useRef } from "react";
import { NavLink, Outlet, useLocation } from "react-router";
import { BellIcon, DevicesIcon, FileIcon, GiftIcon, SettingsIcon, UserIcon } from "~/components/ui/icons";
import { ShieldCheckIcon } from "~/components/ui/page-icons";
import { Avatar } from "~/features/auth/Avatar";
import { usePlayerOnly } from "~/features/auth/guard";
import { ownNickname } from "~/features/profile/nickname";
import { BRAND } from "~/features/shell/brand";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
import { playerPageLoader } from "~/lib/route-guards";
import { useProfile } from "~/lib/session/use-session";
import { useModalLink } from "~/modals/ModalLink";
import { useRootData } from "~/root";
import type { Route } from "./+types/profile";

export const loader = playerPageLoader;

export const meta: Route.MetaFunction = () => [
  { title: `${BRAND.name}` },
  { name: "robots", content: "noindex" },
];

const TABS = [
  { to: "/profile/info", label: "profile.tabs.info", icon: UserIcon },
  { to: "/profile/personal", label: "profile.tabs.personal", icon: UserIcon },
  { to: "/profile/bonuses", label: "profile.tabs.bonuses", icon: GiftIcon },
  { to: "/profile/notifications", label: "profile.tabs.notifications", icon: BellIcon },
  { to: "/profile/limits", label: "profile.tabs.limits", icon: ShieldCheckIcon },
  { to: "/profile/sessions", label: "profile.tabs.sessions", icon: DevicesIcon },
  { to: "/profile/documents", label: "profile.tabs.documents", icon: FileIcon },
  { to: "/profile/settings", label: "profile.tabs.settings", icon: SettingsIcon },
] as const;

/** /profile: the player's account, one tab per child screen (spec point 2). Guests are sent to sign in. */
export default function ProfileLayout() {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  const modalHref = useModalLink();
  const loggedIn = usePlayerOnly();
  const profile = useProfile();
  const documentsHidden = useRootData()?.init.verification?.documentsPageHidden;
  const tabs = TABS.filter((tab) => !(documentsHidden && tab.to === "/profile/documents"));
  const tabsRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const shown = Boolean(loggedIn && profile);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the open tab changes or the tabs appear
  useEffect(() => {
    // On a phone the tabs scroll sideways and the open one could sit cut at the edge: centre it.
    const nav = tabsRef.current;
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !active || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollTo({ left: Math.max(0, active.offsetLeft - (nav.clientWidth - active.offsetWidth) / 2) });
  }, [pathname, shown]);
  if (!loggedIn || !profile) return null;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10" data-testid="profile-page">
      <header className="relative mb-6 overflow-hidden rounded-card border border-line bg-[radial-gradient(ellipse_at_top_left,color-mix(in_oklab,var(--c-accent-2)_30%,transparent),transparent_65%),var(--c-surface)] p-5 sm:p-7">
        <div className="flex items-center gap-4 sm:gap-5">
          <NavLink
            to={modalHref("avatars")}
            preventScrollReset
            aria-label={t("profile.changeAvatar")}
            className="group relative"
          >
            <Avatar profile={profile} size={72} />
            <span className="absolute -right-1 -bottom-1 rounded-full border border-line bg-surface px-2 py-0.5 text-[0.65rem] font-bold text-muted group-hover:text-fg">
              {t("profile.edit")}
            </span>
          </NavLink>
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-[0.14em] text-muted uppercase">
              {t("account.title")}
            </p>
            <h1
              className="truncate text-2xl font-extrabold tracking-tight sm:text-3xl"
              data-testid="profile-nickname"
            >
              {ownNickname(profile)}
            </h1>
            <p className="truncate text-sm text-muted">{profile.email ?? profile.phone}</p>
          </div>
        </div>
      </header>
      {/* A phone scrolls the tabs sideways, the right edge fading where more follow; tablets wrap them onto a
          second line rather than cut the last ones off (issue 36). From 1024 px they fit on one line and never
          wrap: wrapped under the fallback font, they unwrapped when Inter arrived and shifted the page (CLS 0.29). */}
      <nav
        ref={tabsRef}
        data-testid="profile-tabs"
        aria-label={t("account.title")}
        className="relative -mx-4 mb-6 overflow-x-auto px-4 [scrollbar-width:none] max-sm:[mask-image:linear-gradient(to_right,#000_calc(100%-2.5rem),transparent)] sm:mx-0 sm:px-0"
      >
        <ul className="flex min-w-max gap-1 rounded-xl border border-line bg-surface p-1 max-sm:mr-8 sm:min-w-0 sm:flex-wrap lg:flex-nowrap">
          {tabs.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={href(tab.to)}
                className={({ isActive }) =>
                  `flex h-10 items-center gap-2 rounded-lg px-4 text-sm font-semibold whitespace-nowrap transition lg:px-3 ${
                    isActive
                      ? "bg-surface-3 text-fg shadow-[inset_0_-2px_0_var(--c-accent)]"
                      : "text-muted hover:text-fg"
                  }`
                }
              >
                <tab.icon size={16} />
                {t(tab.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
