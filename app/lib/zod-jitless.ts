/**
 * Zod compiles its object parsers with `new Function` when eval is allowed, and probes whether it is: the
 * site's Content-Security-Policy allows no eval, so the probe alone is a violation on every page that parses.
 * Interpreted parsing does the same work without it. Imported first by the root, before anything parses.
 *
 * Zod keeps its configuration on `globalThis.__zod_globalConfig` (zod/v4/core/core.js, the object `config()`
 * writes to). Setting the flag there instead of calling `config()` keeps Zod's core out of the first-paint
 * JavaScript of pages that never parse (3.9 KB gzip on the home page); it works whether or not Zod has loaded.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
