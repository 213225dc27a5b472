import type { MetaDescriptor } from "react-router";
import { pageMeta } from "~/features/content/meta";

type Matches = ({ id: string; data?: unknown } | undefined)[];

/** A lobby screen's title from the `layout` directory's `games` texts (the root loader carries them). */
export function gamesMeta(
  matches: Matches,
  key: string,
  params: Record<string, string> = {},
): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.data as
    | { dictionaries?: { layout?: { games?: Record<string, unknown> } } }
    | undefined;
  let value: unknown = root?.dictionaries?.layout?.games;
  for (const part of key.split(".")) value = (value as Record<string, unknown> | undefined)?.[part];
  const title =
    typeof value === "string"
      ? value.replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? "")
      : undefined;
  return pageMeta(title);
}
