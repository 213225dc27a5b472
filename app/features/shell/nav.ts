import type { ComponentType } from "react";
import { useRouteLoaderData } from "react-router";
import {
  DEFAULT_LOCALE,
  localePath,
  type OfferedLocale,
  offeredLocales,
  type SiteLocale,
} from "#common/i18n/locales";
import {
  CrownIcon,
  DiceIcon,
  FileIcon,
  GiftIcon,
  GridIcon,
  HeartIcon,
  HistoryIcon,
  HomeIcon,
  InfoIcon,
  LifebuoyIcon,
  LockIcon,
  MailIcon,
  QuestionIcon,
  ShieldIcon,
  StudioIcon,
  TrophyIcon,
} from "~/components/ui/icons";

export interface NavItem {
  /** Path without the locale prefix. */
  to: string;
  /** Key in the `layout` content directory. */
  label: string;
  icon: ComponentType<{ size?: number }>;
  /** Matches only the exact path (home would otherwise be active everywhere). */
  end?: boolean;
  /** Shown to logged-in players only (their own lists). */
  player?: boolean;
  /** Shown only while sports are switched on (GET /player/init's sportsbook.enabled). */
  sports?: boolean;
  /** Shown only while loyalty is switched on (GET /player/init's loyalty.enabled). */
  loyalty?: boolean;
  /** Shown only while the referral programme is switched on (GET /player/init's referral.enabled). */
  referral?: boolean;
}

/*
 * Only routes that exist today; a feature's entries join these lists when it lands.
 */
export const MAIN_NAV: NavItem[] = [
  { to: "/", label: "nav.home", icon: HomeIcon, end: true },
  { to: "/games", label: "nav.casino", icon: DiceIcon },
  { to: "/betting", label: "nav.sports", icon: TrophyIcon, sports: true },
  { to: "/vip-club", label: "nav.vip", icon: CrownIcon, loyalty: true },
  { to: "/questions", label: "nav.questions", icon: QuestionIcon },
  { to: "/support", label: "nav.support", icon: LifebuoyIcon },
];

/** The drawer's casino section: the lobby's ways in, and the player's own lists. */
export const CASINO_NAV: NavItem[] = [
  { to: "/games/all", label: "nav.allGames", icon: GridIcon },
  { to: "/games/providers", label: "nav.providers", icon: StudioIcon },
  // In the drawer, not the header's row: the header has no room for a sixth entry at 1280 px.
  { to: "/bonuses", label: "nav.bonuses", icon: GiftIcon },
  { to: "/loyalty", label: "nav.loyalty", icon: CrownIcon, loyalty: true },
  { to: "/favorites", label: "nav.favorites", icon: HeartIcon, player: true },
  { to: "/recently-played", label: "nav.recentlyPlayed", icon: HistoryIcon, player: true },
];

export const HELP_NAV: NavItem[] = [
  { to: "/contact", label: "nav.contact", icon: MailIcon },
  { to: "/static/about", label: "nav.about", icon: InfoIcon },
  { to: "/static/responsible-gaming", label: "nav.responsibleGaming", icon: ShieldIcon },
];

export const LEGAL_NAV: NavItem[] = [
  { to: "/static/terms", label: "nav.terms", icon: FileIcon },
  { to: "/static/privacy", label: "nav.privacy", icon: LockIcon },
];

/** The visitor's locale, for prefixing links; the default locale when the shell has no data (error page). */
export function useShellLocale(): SiteLocale {
  const root = useRouteLoaderData("root") as { locale?: SiteLocale } | undefined;
  return root?.locale ?? DEFAULT_LOCALE;
}

/** The languages to switch to (the root loader's GET /settings/locales): the switcher and the account settings. */
export function useSiteLanguages(): OfferedLocale[] {
  const root = useRouteLoaderData("root") as { languages?: OfferedLocale[] } | undefined;
  return root?.languages ?? offeredLocales(undefined);
}

export function useLocalePath(): (path: string) => string {
  const locale = useShellLocale();
  return (path) => localePath(path, locale);
}

/** Whether sports are switched on (the root loader's /player/init); hidden when unknown. */
export function useSportsEnabled(): boolean {
  const root = useRouteLoaderData("root") as { init?: { sportsbook?: { enabled?: boolean } } } | undefined;
  return root?.init?.sportsbook?.enabled === true;
}

/** Whether loyalty is switched on (the root loader's /player/init); hidden when unknown. */
export function useLoyaltyEnabled(): boolean {
  const root = useRouteLoaderData("root") as { init?: { loyalty?: { enabled?: boolean } } } | undefined;
  return root?.init?.loyalty?.enabled === true;
}

/** Whether the referral programme is switched on (the root loader's /player/init); hidden when unknown. */
export function useReferralEnabled(): boolean {
  const root = useRouteLoaderData("root") as { init?: { referral?: { enabled?: boolean } } } | undefined;
  return root?.init?.referral?.enabled === true;
}

/** The items a visitor sees: sports, loyalty and referral entries only while they are on. */
export function useNavItems<T extends Pick<NavItem, "sports" | "loyalty" | "referral">>(
  items: readonly T[],
): T[] {
  const sports = useSportsEnabled();
  const loyalty = useLoyaltyEnabled();
  const referral = useReferralEnabled();
  return items.filter((i) => (sports || !i.sports) && (loyalty || !i.loyalty) && (referral || !i.referral));
}
