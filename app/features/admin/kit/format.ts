/** A moment as staff read it in every list: "3 Dec 2026, 12:05". */
export const when = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });

/** The pager's words on every back-office list. */
export const pageLabel = (n: number, of: number) => `Page ${n} of ${of}`;

/** "de, fr br" → ["DE", "FR", "BR"]; the server checks each code. */
export const countriesOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
/** A list of countries as the field shows it; `null` (everywhere) as an empty field. */
export const countriesText = (list: string[] | null) => (list ?? []).join(", ");

/** The languages staff write beside English (the site's default), with their names on the forms. */
export const TRANSLATED_LOCALES = [
  ["ru", "Russian"],
  ["pt-br", "Portuguese (Brazil)"],
] as const;
