import { metaTexts } from "~/lib/i18n";
/**
 * The sports pages' title and description, from the layout dictionary the root loader brought; a page of one
 * sport, category or championship puts its name first.
 */
export function sportsMeta(matches: readonly ({ id: string; data?: unknown } | undefined)[], name?: string) {
  const layout = metaTexts<{ sports?: { title?: string; subtitle?: string } }>(matches);
  const texts = layout?.sports;
  return [
    { title: `${name ? `${name} · ` : ""}${texts?.title ?? "Sports betting"} · Lucky Harbor` },
    { name: "description", content: texts?.subtitle ?? "" },
  ];
}
