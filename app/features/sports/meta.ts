/**
 * The sports pages' title and description, from the layout dictionary the root loader brought; a page of one
 * sport, category or championship puts its name first.
 */
export function sportsMeta(matches: readonly ({ id: string; data?: unknown } | undefined)[], name?: string) {
  const root = matches.find((m) => m?.id === "root")?.data as
    | { dictionaries?: { layout?: { sports?: { title?: string; subtitle?: string } } } }
    | undefined;
  const texts = root?.dictionaries?.layout?.sports;
  return [
    { title: `${name ? `${name} · ` : ""}${texts?.title ?? "Sports betting"} · Lucky Harbor` },
    { name: "description", content: texts?.subtitle ?? "" },
  ];
}
