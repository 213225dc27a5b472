import type { ContentKind } from "#common/api/admin-content";

/** Every content query sits under this key, then the kind: a save refreshes that kind's lists and entries. */
export const CONTENT_KEY = ["admin", "content"] as const;

export const KINDS: readonly (readonly [ContentKind, string])[] = [
  ["banner", "Banners"],
  ["page", "Pages"],
  ["question", "FAQ"],
];
export const IDENTITY_EXAMPLE: Record<ContentKind, string> = {
  banner: "e.g. weekend-cup",
  page: "e.g. promotions/summer-cup",
  question: "e.g. crypto-fees",
};
export const NOUN: Record<ContentKind, string> = { banner: "banner", page: "page", question: "FAQ answer" };
export const LOCALE_NAMES: Record<string, string> = {
  en: "English",
  ru: "Russian",
  "pt-br": "Portuguese (Brazil)",
};
