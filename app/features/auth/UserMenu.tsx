import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  ChevronDownIcon,
  DevicesIcon,
  LogoutIcon,
  SettingsIcon,
  UserIcon,
  WalletIcon,
} from "~/components/ui/icons";
import { useLocalePath } from "~/features/shell/nav";
import { usePopupMenu } from "~/features/shell/use-popup-menu";
import { logout } from "~/lib/session/session";
import { useProfile } from "~/lib/session/use-session";
import { Avatar } from "./Avatar";

export const PLAYER_MENU = [
  { to: "/profile/info", label: "account.profile", icon: UserIcon },
  { to: "/wallet", label: "wallet.title", icon: WalletIcon },
  { to: "/profile/sessions", label: "account.sessions", icon: DevicesIcon },
  { to: "/profile/settings/account", label: "account.settings", icon: SettingsIcon },
] as const;

/** The header's player button: avatar and nickname; opens the account menu (profile, sessions, settings, log out). */
export function UserMenu() {
  const { t } = useTranslation("layout");
  const profile = useProfile();
  const href = useLocalePath();
  const { open, setOpen, root, menuId } = usePopupMenu();
  const [leaving, setLeaving] = useState(false);

  if (!profile) return null;
  const item =
    "flex h-11 w-full items-center gap-3 rounded-xl px-3 text-sm font-medium text-fg transition-colors hover:bg-surface-2";
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        data-testid="user-menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className="flex h-11 items-center gap-2.5 rounded-full border border-line bg-surface py-1 pr-3 pl-1 transition-colors hover:border-muted hover:bg-surface-2 max-sm:pr-1"
      >
        <Avatar profile={profile} size={34} />
        <span
          className="hidden max-w-36 truncate text-sm font-semibold sm:block"
          data-testid="header-nickname"
        >
          {profile.nickname}
        </span>
        {/* A phone's header has no room for it: the avatar alone is the button there. */}
        <ChevronDownIcon
          size={16}
          className={`hidden text-muted transition-transform sm:block ${open ? "rotate-180" : ""}`}
        />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          className="absolute top-[calc(100%+0.5rem)] right-0 z-40 w-64 rounded-2xl border border-line bg-surface p-2 shadow-[0_24px_60px_-20px_rgba(0,0,0,0.7)]"
        >
          <div className="flex items-center gap-3 border-b border-line px-2 pt-1 pb-3">
            <Avatar profile={profile} size={40} />
            <div className="min-w-0">
              <p className="truncate text-sm font-bold">{profile.nickname}</p>
              <p className="truncate text-xs text-muted">{profile.email ?? profile.phone}</p>
            </div>
          </div>
          <div className="flex flex-col gap-0.5 pt-2">
            {PLAYER_MENU.map((m) => (
              <Link key={m.to} role="menuitem" to={href(m.to)} className={item}>
                <m.icon size={18} className="text-muted" />
                {t(m.label)}
              </Link>
            ))}
            <button
              type="button"
              role="menuitem"
              disabled={leaving}
              onClick={async () => {
                setLeaving(true);
                await logout();
                setLeaving(false);
                setOpen(false);
              }}
              className={`${item} text-danger hover:bg-danger/10 disabled:opacity-60`}
            >
              <LogoutIcon size={18} />
              {t("account.logout")}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
