import {
  cloneElement,
  createContext,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useContext,
} from "react";
import { createTranslator, type I18n, type TFunction, type TOptions } from "./translate";

/**
 * The site's translator in React (what it used of react-i18next, decision 0071): `I18nProvider` above the tree,
 * `useTranslation(namespace)` for `{ t, i18n }`, `<Trans>` for a text with links or buttons inside it.
 */
const I18nContext = createContext<I18n | undefined>(undefined);

/** Outside any provider (a component rendered alone in a test) every key answers itself. */
const keysOnly = createTranslator("en", {});

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export function useTranslation(namespace = "layout"): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext) ?? keysOnly;
  return { t: i18n.getFixedT(null, namespace), i18n };
}

/**
 * A text whose `<name>…</name>` parts are drawn by `components[name]` with that part as its children (a link,
 * a button): "Already have an account? <cta>Sign in</cta>". A part whose name has no component is plain text.
 */
export function Trans({
  t,
  i18nKey,
  values,
  components,
}: {
  t: TFunction;
  i18nKey: string;
  values?: TOptions;
  components: Record<string, ReactElement>;
}) {
  return <>{withParts(t(i18nKey, values), components)}</>;
}

function withParts(text: string, components: Record<string, ReactElement>): ReactNode[] {
  const out: ReactNode[] = [];
  const tags = /<(\w+)>([\s\S]*?)<\/\1>|<(\w+)\s*\/>/g;
  let at = 0;
  for (const m of text.matchAll(tags)) {
    if (m.index > at) out.push(text.slice(at, m.index));
    const name = m[1] ?? m[3]!;
    const inner = m[2] === undefined ? [] : withParts(m[2], components);
    const component = Object.hasOwn(components, name) ? components[name] : undefined;
    if (isValidElement(component)) out.push(cloneElement(component, { key: out.length }, ...inner));
    else out.push(...inner);
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}
