import { DevicesIcon, GiftIcon, SettingsIcon, UserIcon, WalletIcon } from "~/components/ui/icons";

/** The player's own pages, in the header's account menu and the drawer. */
export const PLAYER_MENU = [
  { to: "/profile/info", label: "account.profile", icon: UserIcon },
  { to: "/wallet", label: "wallet.title", icon: WalletIcon },
  { to: "/profile/bonuses", label: "account.bonuses", icon: GiftIcon },
  { to: "/profile/sessions", label: "account.sessions", icon: DevicesIcon },
  { to: "/profile/settings/account", label: "account.settings", icon: SettingsIcon },
] as const;
