import { splitLocale } from "#common/i18n/locales";

/** Spec point 9: the preloader starts fading 500 ms after the page finishes and is gone at 1000 ms. */
export const PRELOADER_FADE_MS = 500;
export const PRELOADER_REMOVE_MS = 1000;
export const PRELOADER_ID = "preloader";

/**
 * Spec point 2: the login entry keeps the preloader while its `state` is being used, the external-login
 * callback while it has both `code` and `state`; any other page lets it go. Both are served without a locale, and in one for the language switcher.
 */
export function preloaderHeld(pathname: string, search: string): boolean {
  const q = new URLSearchParams(search);
  // Also answered in a locale (/ru/auth/autologin), where the language switcher leads.
  const path = splitLocale(pathname).path.replace(/\/+$/, "");
  if (path === "/auth/autologin") return Boolean(q.get("state"));
  if (path === "/auth/callback") return Boolean(q.get("code")) && Boolean(q.get("state"));
  return false;
}
