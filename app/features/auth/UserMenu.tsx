import { clsx } from "clsx";
import { useState } from "react";
import { Link } from "react-router";
import { LogoutIcon, TrophyIcon } from "~/components/ui/icons";
import { Menu, MenuContent, MenuItem, MenuTrigger, menuItemClass } from "~/components/ui/Menu";
import { ChevronDownIcon } from "~/components/ui/page-icons";
import { ownNickname } from "~/features/profile/nickname";
import { useLocalePath, useNavItems } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
import { logout } from "~/lib/session/session";
import { useProfile } from "~/lib/session/use-session";
import { useModalLink } from "~/modals/ModalLink";
import { Avatar } from "./Avatar";
import { PLAYER_MENU } from "./player-menu";

/** The header's player button: avatar and nickname; opens the account menu (profile, sessions, settings, log out). */
export function UserMenu() {
  const { t } = useTranslation("layout");
  const profile = useProfile();
  const href = useLocalePath();
  const modalHref = useModalLink();
  const [open, setOpen] = useState(false);
  const menu = useNavItems(PLAYER_MENU);

  if (!profile) return null;
  const item = clsx(menuItemClass, "h-11 gap-3 rounded-xl px-3 text-sm font-medium text-fg");
  return (
    <Menu open={open} onOpenChange={setOpen}>
      <MenuTrigger
        data-testid="user-menu"
        className="flex h-11 items-center gap-2.5 rounded-full border border-line bg-surface py-1 pr-3 pl-1 transition-colors hover:border-muted hover:bg-surface-2 max-sm:pr-1"
      >
        <Avatar profile={profile} size={34} />
        <span
          className="hidden max-w-36 truncate text-sm font-semibold sm:block"
          data-testid="header-nickname"
        >
          {ownNickname(profile)}
        </span>
        {/* A phone's header has no room for it: the avatar alone is the button there. */}
        <ChevronDownIcon
          size={16}
          className={`hidden text-muted transition-transform sm:block ${open ? "rotate-180" : ""}`}
        />
      </MenuTrigger>
      <MenuContent className="w-64">
        <div className="flex items-center gap-3 border-b border-line px-2 pt-1 pb-3">
          <Avatar profile={profile} size={40} />
          <div className="min-w-0">
            <p className="truncate text-sm font-bold">{ownNickname(profile)}</p>
            <p className="truncate text-xs text-muted">{profile.email ?? profile.phone}</p>
          </div>
        </div>
        <div className="flex flex-col gap-0.5 pt-2">
          {menu.map((m) => (
            <MenuItem key={m.to} asChild>
              <Link to={href(m.to)} className={item}>
                <m.icon size={18} className="text-muted" />
                {t(m.label)}
              </Link>
            </MenuItem>
          ))}
          <MenuItem asChild>
            <Link to={modalHref("quests-hub")} preventScrollReset className={item} data-testid="menu-quests">
              <TrophyIcon size={18} className="text-muted" />
              {t("quests.menu")}
            </Link>
          </MenuItem>
          <MenuItem onSelect={() => void logout()} className={clsx(item, "text-danger hover:bg-danger/10")}>
            <LogoutIcon size={18} />
            {t("account.logout")}
          </MenuItem>
        </div>
      </MenuContent>
    </Menu>
  );
}
