/** The sports pages' title and description, from the layout dictionary the root loader brought. */
export function sportsMeta(matches: readonly ({ id: string; data?: unknown } | undefined)[]) {
  const root = matches.find((m) => m?.id === "root")?.data as
    | { dictionaries?: { layout?: { sports?: { title?: string; subtitle?: string } } } }
    | undefined;
  const texts = root?.dictionaries?.layout?.sports;
  return [
    { title: `${texts?.title ?? "Sports betting"} · Lucky Harbor` },
    { name: "description", content: texts?.subtitle ?? "" },
  ];
}
