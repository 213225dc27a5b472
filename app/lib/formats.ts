import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import { FORMAT_LOCALE_COOKIE, type FormatLocale, formatIntl } from "#common/i18n/format-locales";
import { intlLocale } from "#common/i18n/locales";
import { useShellLocale } from "~/features/shell/nav";

/**
 * The format the player reads dates, numbers and money in (common/i18n/format-locales.ts). The server renders
 * with the cookie's choice (root loader data), so the first paint and hydration agree; a choice made in this
 * tab applies at once without a reload. `undefined` here: no choice made in this tab yet.
 */
let chosen: FormatLocale | null | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen format locale (null: the site language's own format). */
export function useFormatLocale(): FormatLocale | null {
  const root = useRouteLoaderData("root") as { formatLocale?: FormatLocale | null } | undefined;
  const fromServer = root?.formatLocale ?? null;
  return useSyncExternalStore(
    subscribe,
    () => (chosen === undefined ? fromServer : chosen),
    () => fromServer,
  );
}

/** The `Intl` locale of the page's dates, numbers and money ("de-DE"; the site language's, "pt-BR", by default). */
export function useIntlLocale(): string {
  const site = useShellLocale();
  return formatIntl(useFormatLocale()) ?? intlLocale(site);
}

/** Keeps the player's format for a year in this browser (null: back to the site language's). */
export function chooseFormatLocale(code: FormatLocale | null): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one preference cookie the server reads for the first paint
  document.cookie = code
    ? `${FORMAT_LOCALE_COOKIE}=${encodeURIComponent(code)}; path=/; max-age=31536000; samesite=lax`
    : `${FORMAT_LOCALE_COOKIE}=; path=/; max-age=0; samesite=lax`;
  chosen = code;
  for (const l of listeners) l();
}
