import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import type { FormatLocale } from "#common/i18n/format-locales";
import { intlLocale } from "#common/i18n/locales";
import { useShellLocale } from "~/features/shell/nav";

/** A chosen format: the spec's code and the tag `Intl` wants. */
export interface ChosenFormat {
  code: FormatLocale;
  intl: string;
}

/**
 * The format the player reads dates, numbers and money in (common/i18n/format-locales.ts). The server renders
 * with the cookie's choice (root loader data, the tag already resolved, so every page's first paint carries no
 * list of locales), and hydration agrees; a choice made in this tab applies at once without a reload.
 * `undefined` here: no choice made in this tab yet.
 */
let chosen: ChosenFormat | null | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen format (null: the site language's own). */
export function useChosenFormat(): ChosenFormat | null {
  const root = useRouteLoaderData("root") as { format?: ChosenFormat | null } | undefined;
  const fromServer = root?.format ?? null;
  return useSyncExternalStore(
    subscribe,
    () => (chosen === undefined ? fromServer : chosen),
    () => fromServer,
  );
}

/** The `Intl` locale of the page's dates, numbers and money ("de-DE"; the site language's, "pt-BR", by default). */
export function useIntlLocale(): string {
  const site = useShellLocale();
  return useChosenFormat()?.intl ?? intlLocale(site);
}

/** Applies a choice in this tab (the settings write the cookie the server reads). */
export function applyChosenFormat(format: ChosenFormat | null): void {
  chosen = format;
  for (const l of listeners) l();
}
