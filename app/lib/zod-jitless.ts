import { config } from "zod/v4/core";

/**
 * Zod compiles its object parsers with `new Function` when eval is allowed, and probes whether it is: the
 * site's Content-Security-Policy allows no eval, so the probe alone is a violation on every page that parses.
 * Interpreted parsing does the same work without it. Imported first by the root, before anything parses.
 */
config({ jitless: true });
