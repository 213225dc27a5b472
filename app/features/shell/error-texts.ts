import { isRouteErrorResponse } from "react-router";
import { DEFAULT_LOCALE, isSiteLocale, localePath } from "#common/i18n/locales";

/** Spec point 2's texts; content keys error.title, error.description, error.buttonLabel override them. */
export const DEFAULT_ERROR_TEXTS = {
  title: "Something went wrong",
  description:
    "The page you are trying to access does not exist or has been moved. Try going back to our homepage.",
  buttonLabel: "Homepage",
};
export type ErrorTexts = typeof DEFAULT_ERROR_TEXTS;

/** Works without the translator on purpose: the root's fallback renders when the shell itself failed. */
export function errorTexts(globalComponents: unknown): ErrorTexts {
  const error = (globalComponents as { error?: Record<string, unknown> } | undefined)?.error ?? {};
  const pick = (key: keyof ErrorTexts) => {
    const v = error[key];
    return typeof v === "string" && v.trim() ? v : DEFAULT_ERROR_TEXTS[key];
  };
  return { title: pick("title"), description: pick("description"), buttonLabel: pick("buttonLabel") };
}

/** The button goes to the site root, or to the locale root when the address has a locale (spec point 2). */
export function homeFor(lang: string | undefined): string {
  return isSiteLocale(lang) ? localePath("/", lang) : localePath("/", DEFAULT_LOCALE);
}

/** The secondary line: the 404's 'Page Not Found: {path}', or the status of another failed response. */
export function errorDetail(error: unknown): { status: number; detail?: string } {
  if (isRouteErrorResponse(error)) {
    const detail =
      typeof error.data === "string" && error.data ? error.data : `${error.status} ${error.statusText}`;
    return { status: error.status, detail };
  }
  return { status: 500 };
}
