import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { localePath, type SiteLocale } from "#common/i18n/locales";
import { NamedIcon } from "~/components/ui/icons";

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

/** A content link that leads on to more ("All questions", a support channel's way in): its label and a chevron. */
export function MoreLink({
  link,
  locale,
  className,
}: {
  link: { href: string; label: string };
  locale: SiteLocale;
  className?: string;
}) {
  return (
    <ContentLink
      href={link.href}
      locale={locale}
      className={[
        className,
        "inline-flex items-center gap-1 text-sm font-semibold text-accent hover:underline",
      ]
        .filter(Boolean)
        .join(" ")}
    >
      {link.label}
      <NamedIcon name="chevronRight" className="size-4" />
    </ContentLink>
  );
}

/** Links the content lists in a row (the trust section's, responsible gaming's), each an item of a list. */
export function ContentLinkList({
  links,
  locale,
  className,
  linkClassName,
}: {
  links: { href: string; label: string }[];
  locale: SiteLocale;
  className: string;
  linkClassName: string;
}) {
  return (
    <ul className={className}>
      {links.map((l) => (
        <li key={l.href}>
          <ContentLink href={l.href} locale={locale} className={linkClassName}>
            {l.label}
          </ContentLink>
        </li>
      ))}
    </ul>
  );
}
