import { DevicesIcon, GiftIcon, SettingsIcon, UserIcon, UsersIcon, WalletIcon } from "~/components/ui/icons";

/** The player's own pages, in the header's account menu and the drawer; `referral` only while it is on. */
export const PLAYER_MENU: readonly {
  to: string;
  label: string;
  icon: typeof UserIcon;
  referral?: boolean;
}[] = [
  { to: "/profile/info", label: "account.profile", icon: UserIcon },
  { to: "/wallet", label: "wallet.title", icon: WalletIcon },
  { to: "/profile/bonuses", label: "account.bonuses", icon: GiftIcon },
  { to: "/referral", label: "account.referral", icon: UsersIcon, referral: true },
  { to: "/profile/sessions", label: "account.sessions", icon: DevicesIcon },
  { to: "/profile/settings/account", label: "account.settings", icon: SettingsIcon },
];
