import type { MetaDescriptor } from "react-router";
import { pageMeta } from "~/features/content/meta";
import { metaTexts } from "~/lib/i18n";

type Matches = ({ id: string; data?: unknown } | undefined)[];

/** A bonus screen's title from the `layout` directory's `bonuses` texts (the root loader carries them). */
export function bonusesMeta(matches: Matches, key: string, name?: string): MetaDescriptor[] {
  const layout = metaTexts<{ bonuses?: Record<string, unknown> }>(matches);
  let value: unknown = layout?.bonuses;
  for (const part of key.split(".")) value = (value as Record<string, unknown> | undefined)?.[part];
  return pageMeta(name ?? (typeof value === "string" ? value : undefined));
}
