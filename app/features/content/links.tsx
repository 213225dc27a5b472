import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { localePath, type SiteLocale } from "#common/i18n/locales";

/**
 * Content writes site paths without a locale ("/questions") and modal links as a bare query ("?sign-up=true",
 * opened on the current page). Paths get the visitor's locale prefix; other addresses are left as written.
 */
export function useContentHref(locale: SiteLocale) {
  const { pathname } = useLocation();
  return (href: string) => {
    if (href.startsWith("?")) return `${pathname}${href}`;
    if (href.startsWith("/") && !href.startsWith("//")) return localePath(href, locale);
    return href;
  };
}

export function ContentLink({
  href,
  locale,
  className,
  children,
}: {
  href: string;
  locale: SiteLocale;
  className?: string;
  children: ReactNode;
}) {
  const resolve = useContentHref(locale);
  const to = resolve(href);
  if (/^[a-z]+:/i.test(to)) {
    return (
      <a href={to} className={className} rel="noopener noreferrer" target="_blank">
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={className} preventScrollReset={href.startsWith("?")}>
      {children}
    </Link>
  );
}
