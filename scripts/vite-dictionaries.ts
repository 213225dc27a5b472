import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Plugin } from "vite";
// With their extensions: Vite loads its configuration as it is, without a bundler.
import { DEFAULT_LOCALE, SITE_LOCALES } from "../common/i18n/locales.ts";
import { mergeTexts, SHELL_DIRECTORIES, type Texts } from "../common/i18n/texts.ts";

/**
 * The shell's dictionaries (content/<locale>/<namespace>.json, each completed from the default locale as the
 * content service completes it) as static files of the browser build: one per locale and namespace, named by
 * their content's hash, so a browser keeps each for a year and a changed text is a new address (issue 41: the
 * home page carried 74 KB of them inline, in every page's loader data).
 *
 * Two virtual modules, for the server render only (app/lib/dictionaries.server.ts):
 * - `virtual:site-dictionaries/urls`: each file's address, by locale and namespace;
 * - `virtual:site-dictionaries/texts`: the texts the files hold, against which the server finds what the content
 *   service answers differently (a fact filled in, a file edited since the build) and sends only that.
 * The development server answers the same addresses from memory.
 */
const VIRTUAL_URLS = "virtual:site-dictionaries/urls";
const VIRTUAL_TEXTS = "virtual:site-dictionaries/texts";
const FOLDER = "assets/i18n";

interface DictionaryFile {
  locale: string;
  namespace: string;
  fileName: string;
  body: string;
  texts: Texts;
}

function readTexts(root: string, locale: string, namespace: string): Texts {
  try {
    return JSON.parse(readFileSync(join(root, locale, `${namespace}.json`), "utf8")) as Texts;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw e;
  }
}

export function dictionaryFiles(root = resolve("content")): DictionaryFile[] {
  return SITE_LOCALES.flatMap(({ code: locale }) =>
    SHELL_DIRECTORIES.map((namespace) => {
      const base = readTexts(root, DEFAULT_LOCALE, namespace);
      const texts = locale === DEFAULT_LOCALE ? base : mergeTexts(base, readTexts(root, locale, namespace));
      const body = JSON.stringify(texts);
      const hash = createHash("sha256").update(body).digest("base64url").slice(0, 10);
      return { locale, namespace, fileName: `${FOLDER}/${locale}/${namespace}.${hash}.json`, body, texts };
    }),
  );
}

function byLocale<T>(files: DictionaryFile[], value: (f: DictionaryFile) => T) {
  const out: Record<string, Record<string, T>> = {};
  for (const f of files) out[f.locale] = { ...out[f.locale], [f.namespace]: value(f) };
  return out;
}

export function siteDictionaries(): Plugin {
  let files: DictionaryFile[] = [];
  let ssr = false;
  let base = "/";
  return {
    name: "site-dictionaries",
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
      base = config.base;
    },
    buildStart() {
      files = dictionaryFiles();
      for (const f of files) this.addWatchFile(resolve("content", f.locale, `${f.namespace}.json`));
    },
    resolveId(id) {
      return id === VIRTUAL_URLS || id === VIRTUAL_TEXTS ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === `\0${VIRTUAL_URLS}`)
        return `export default ${JSON.stringify(byLocale(files, (f) => `${base}${f.fileName}`))};`;
      if (id === `\0${VIRTUAL_TEXTS}`)
        return `export default ${JSON.stringify(byLocale(files, (f) => f.texts))};`;
      return undefined;
    },
    generateBundle() {
      // The browser build's output is what the server serves as static files (build/client).
      if (ssr) return;
      for (const f of files) this.emitFile({ type: "asset", fileName: f.fileName, source: f.body });
    },
    configureServer(server) {
      // Development: the file as it is now, whatever hash the address was written with.
      const address = new RegExp(`^${base}${FOLDER}/([a-z-]+)/([a-z-]+)\\.[\\w-]+\\.json$`);
      server.middlewares.use((req, res, next) => {
        const [, locale, namespace] = address.exec(req.url?.split("?")[0] ?? "") ?? [];
        const file = dictionaryFiles().find((f) => f.locale === locale && f.namespace === namespace);
        if (!file) return next();
        res.setHeader("content-type", "application/json; charset=utf-8");
        res.end(file.body);
      });
    },
  };
}
