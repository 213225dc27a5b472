import type { ComponentType } from "react";
import { useRouteLoaderData } from "react-router";
import { DEFAULT_LOCALE, localePath, type SiteLocale } from "#common/i18n/locales";
import {
  CrownIcon,
  FileIcon,
  HomeIcon,
  InfoIcon,
  LifebuoyIcon,
  LockIcon,
  MailIcon,
  QuestionIcon,
  ShieldIcon,
} from "./icons";

export interface NavItem {
  /** Path without the locale prefix. */
  to: string;
  /** Key in the `layout` content directory. */
  label: string;
  icon: ComponentType<{ size?: number }>;
  /** Matches only the exact path (home would otherwise be active everywhere). */
  end?: boolean;
}

/*
 * Only routes that exist today; games, betting, bonuses and the wallet join these lists with their features.
 */
export const MAIN_NAV: NavItem[] = [
  { to: "/", label: "nav.home", icon: HomeIcon, end: true },
  { to: "/vip-club", label: "nav.vip", icon: CrownIcon },
  { to: "/questions", label: "nav.questions", icon: QuestionIcon },
  { to: "/support", label: "nav.support", icon: LifebuoyIcon },
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

export function useLocalePath(): (path: string) => string {
  const locale = useShellLocale();
  return (path) => localePath(path, locale);
}
