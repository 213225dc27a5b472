export const LOCALES = [
  ["en", "English"],
  ["ru", "Russian"],
  ["pt-br", "Portuguese"],
] as const;
export type Locale = (typeof LOCALES)[number][0];

/** What the message says in each language (English required, the others fall back to it) and where it goes. */
export type MessageDraft = {
  titles: Record<Locale, string>;
  bodies: Record<Locale, string>;
  url: string;
  inbox: boolean;
  webPush: boolean;
};

const NO_TEXT: Record<Locale, string> = { en: "", ru: "", "pt-br": "" };

export const EMPTY_MESSAGE: MessageDraft = {
  titles: NO_TEXT,
  bodies: NO_TEXT,
  url: "",
  inbox: true,
  webPush: true,
};

/** A new idempotency key for a compose: a double click or a retried request sends the campaign once. */
export const newKey = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
