import type { Texts } from "#common/i18n/texts";

/**
 * The site's translator: what it used of i18next, in ~1 KB instead of ~18 KB on every page's first paint (issue
 * 41, decision 0071). Keys are paths into a namespace's nested texts (`header.signIn`), optionally prefixed by
 * their namespace (`layout:header.signIn`); `{{name}}` takes the option of that name; `count` picks the plural
 * form by the locale's rules (`key_one`, `key_few`, `key_many`, `key_other`, and `key_zero` for 0 when written);
 * `context` picks `key_{context}` when written; `defaultValue` answers a key the texts lack; `returnObjects`
 * answers a branch of the texts as it is.
 */
export interface TOptions {
  count?: number;
  /** Picks the key's `_{context}` variant when the texts have it (`success-registration_email`). */
  context?: string | number;
  defaultValue?: string;
  returnObjects?: boolean;
  [name: string]: unknown;
}

/** A translator bound to one namespace (the type parameter names it for the reader; keys are not typed). */
export type TFunction<_Namespace extends string = string> = (key: string, options?: TOptions) => string;

export interface I18n {
  /** The locale the texts are in (a site locale: "en", "pt-br"). */
  readonly language: string;
  /** Each namespace's texts. */
  readonly texts: Readonly<Record<string, Texts | undefined>>;
  /** The translator of one namespace: the same function each time it is asked (a stable effect dependency). */
  getFixedT(language: string | null, namespace: string): TFunction;
  /** Whether `namespace:key` (or a key of the default namespace) has a text. */
  exists(key: string): boolean;
}

const DEFAULT_NAMESPACE = "layout";

function lookup(texts: Texts | undefined, path: string): unknown {
  let at: unknown = texts;
  for (const part of path.split(".")) {
    if (typeof at !== "object" || at === null) return undefined;
    at = (at as Texts)[part];
  }
  return at ?? undefined;
}

/**
 * `{{name}}` with the options' values. A name the options do not have stays as written (as i18next leaves it);
 * one they hold as undefined or null becomes empty.
 */
function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes("{{")) return text;
  return text.replace(/\{\{([^{}]+)\}\}/g, (whole, raw: string) => {
    const name = raw.trim();
    if (!Object.hasOwn(options, name)) return whole;
    const value = options[name];
    return value == null ? "" : String(value);
  });
}

export function createTranslator(language: string, texts: Record<string, Texts | undefined>): I18n {
  const plurals = new Intl.PluralRules(language === "pt-br" ? "pt-BR" : language);
  const split = (key: string, namespace: string): [string, string] => {
    const colon = key.indexOf(":");
    if (colon > 0 && Object.hasOwn(texts, key.slice(0, colon)))
      return [key.slice(0, colon), key.slice(colon + 1)];
    return [namespace, key];
  };
  const withCount = (bundle: Texts | undefined, key: string, count: number | undefined): unknown => {
    if (typeof count !== "number") return lookup(bundle, key);
    // The forms a count may take, most particular first, as i18next looks them up.
    const form = plurals.select(count);
    return (
      (count === 0 ? lookup(bundle, `${key}_zero`) : undefined) ??
      lookup(bundle, `${key}_${form}`) ??
      lookup(bundle, key) ??
      // A form a locale's dictionary does not write (pt's "many" of a million): its "other".
      lookup(bundle, `${key}_other`)
    );
  };
  /** A `context` ("email") picks `key_email` first, as i18next does; the key alone answers otherwise. */
  const find = (namespace: string, key: string, options: TOptions | undefined): unknown => {
    const bundle = texts[namespace];
    const context = options?.context;
    const found =
      (typeof context === "string" && context !== "") || typeof context === "number"
        ? withCount(bundle, `${key}_${context}`, options?.count)
        : undefined;
    return found ?? withCount(bundle, key, options?.count);
  };
  const bound = new Map<string, TFunction>();
  const i18n: I18n = {
    language,
    texts,
    getFixedT(_language, namespace) {
      let t = bound.get(namespace);
      if (!t) {
        t = (key, options) => {
          const [ns, path] = split(key, namespace);
          const found = find(ns, path, options);
          if (options?.returnObjects && typeof found === "object" && found !== null)
            return found as unknown as string;
          if (typeof found === "string") return interpolate(found, options);
          return options?.defaultValue !== undefined ? interpolate(options.defaultValue, options) : path;
        };
        bound.set(namespace, t);
      }
      return t;
    },
    exists(key) {
      const [ns, path] = split(key, DEFAULT_NAMESPACE);
      return lookup(texts[ns], path) !== undefined;
    },
  };
  return i18n;
}
