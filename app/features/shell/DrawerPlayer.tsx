import { lazy, Suspense } from "react";
import type { Profile } from "#common/api/player";
import { Pressable } from "~/components/ui/Button";
import { LogoutIcon, TrophyIcon } from "~/components/ui/icons";
import { Avatar } from "~/features/auth/Avatar";
import { PLAYER_MENU } from "~/features/auth/player-menu";
import { ownNickname } from "~/features/profile/nickname";
import { useTranslation } from "~/lib/i18n-react";
import { logout } from "~/lib/session/session";
import { DrawerModalLink, NavList } from "./NavList";
import { type NavItem, useLoyaltyEnabled } from "./nav";

// A player's loyalty progress: loaded once a player is in, out of every guest's first load (the home JS budget).
const MenuProgress = lazy(() =>
  import("~/features/loyalty/MenuProgress").then((m) => ({ default: m.MenuProgress })),
);

const PLAYER_NAV: NavItem[] = PLAYER_MENU.map((m) => ({
  to: m.to,
  label: m.label,
  icon: m.icon,
  referral: m.referral,
}));

/**
 * The drawer's top for a player: their card, loyalty progress and account links. A part of its own (app/parts.ts):
 * a guest's first paint, which never draws it, goes without its code.
 */
export function DrawerPlayer({ profile }: { profile: Profile }) {
  const { t } = useTranslation("layout");
  const loyalty = useLoyaltyEnabled();
  return (
    <div className="flex flex-col gap-1" data-testid="drawer-account" data-part="drawer-player">
      <div className="mb-1 flex items-center gap-3 px-2 lg:compact:justify-center lg:compact:px-0">
        <Avatar profile={profile} size={38} />
        <div className="min-w-0 lg:compact:sr-only">
          <p className="truncate text-sm font-bold">{ownNickname(profile)}</p>
          <p className="truncate text-xs text-muted">{t("account.title")}</p>
        </div>
      </div>
      {/* While its code loads, an empty card of its height holds the place (issue #20: the links below moved). */}
      <Suspense
        fallback={
          loyalty ? (
            <div
              aria-hidden="true"
              className="mx-1 mb-2 min-h-[90px] rounded-2xl border border-line bg-surface-2 lg:compact:hidden"
            />
          ) : null
        }
      >
        <MenuProgress />
      </Suspense>
      <NavList items={PLAYER_NAV} />
      <DrawerModalLink
        modal="quests-hub"
        label={t("quests.menu")}
        icon={<TrophyIcon size={20} />}
        testId="drawer-quests"
      />
      <Pressable
        onClick={() => void logout()}
        title={t("account.logout")}
        className="drawer-link text-muted hover:bg-danger/10 hover:text-danger"
      >
        <LogoutIcon size={20} />
        <span className="lg:compact:sr-only">{t("account.logout")}</span>
      </Pressable>
    </div>
  );
}
