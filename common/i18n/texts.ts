/**
 * Operations on the site's dictionaries (nested objects of texts), shared by the build, which writes each
 * locale's dictionaries as static files, the server render, and the browser.
 */
/** The shell's dictionaries (the content service's directories), each a namespace of the translator (app/lib/translate.ts). */
export const SHELL_DIRECTORIES = [
  "alerts",
  "fields-settings",
  "global-components",
  "layout",
  "modals",
] as const;

export type Texts = { [key: string]: unknown };

const isTexts = (v: unknown): v is Texts => typeof v === "object" && v !== null && !Array.isArray(v);

/** `over`'s texts on top of `base`'s, nested objects merged key by key (the default locale fills gaps). */
export function mergeTexts(base: Texts, over: Texts): Texts {
  const out: Texts = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const under = out[key];
    out[key] = isTexts(under) && isTexts(value) ? mergeTexts(under, value) : value;
  }
  return out;
}

/**
 * What `actual` has that `shipped` has not, or has otherwise: the smallest `over` with
 * `mergeTexts(shipped, over)` equal to `actual` (a key `actual` lacks is left in place, unused). Undefined when
 * there is no difference.
 */
export function textsPatch(actual: Texts, shipped: Texts): Texts | undefined {
  let patch: Texts | undefined;
  for (const [key, value] of Object.entries(actual)) {
    const was = shipped[key];
    const diff =
      isTexts(value) && isTexts(was)
        ? textsPatch(value, was)
        : JSON.stringify(value) === JSON.stringify(was)
          ? undefined
          : value;
    if (diff === undefined) continue;
    patch ??= {};
    patch[key] = diff;
  }
  return patch;
}
