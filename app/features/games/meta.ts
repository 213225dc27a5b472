import type { MetaDescriptor } from "react-router";
import { pageMeta } from "~/features/content/meta";
import { metaTexts } from "~/lib/i18n";

type Matches = ({ id: string; data?: unknown } | undefined)[];

/** A lobby screen's title from the `layout` directory's `games` texts (the root loader carries them). */
export function gamesMeta(
  matches: Matches,
  key: string,
  params: Record<string, string> = {},
): MetaDescriptor[] {
  const layout = metaTexts<{ games?: Record<string, unknown> }>(matches);
  let value: unknown = layout?.games;
  for (const part of key.split(".")) value = (value as Record<string, unknown> | undefined)?.[part];
  const title =
    typeof value === "string"
      ? value.replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? "")
      : undefined;
  return pageMeta(title);
}
