import type { MetaDescriptor } from "react-router";
import { pageMeta } from "~/features/content/meta";

type Matches = ({ id: string; data?: unknown } | undefined)[];

/** A bonus screen's title from the `layout` directory's `bonuses` texts (the root loader carries them). */
export function bonusesMeta(matches: Matches, key: string, name?: string): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.data as
    | { dictionaries?: { layout?: { bonuses?: Record<string, unknown> } } }
    | undefined;
  let value: unknown = root?.dictionaries?.layout?.bonuses;
  for (const part of key.split(".")) value = (value as Record<string, unknown> | undefined)?.[part];
  return pageMeta(name ?? (typeof value === "string" ? value : undefined));
}
