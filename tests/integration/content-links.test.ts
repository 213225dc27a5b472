import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes";

/**
 * Every link a page or an answer of content/ gives to the site itself leads somewhere, in the reader's own
 * language: a route of app/routes.ts, a static page or question that exists, and the language's prefix for every
 * language but English (a link without one would drop a Russian reader on the English site).
 */
const ROOT = resolve("content");
const LOCALES = ["en", "ru", "pt-br"] as const;
type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };
const table = routes as unknown as RouteEntry[];

function linksOf(locale: string) {
  const found: { file: string; href: string }[] = [];
  for (const dir of ["pages", "questions"]) {
    for (const name of readdirSync(join(ROOT, locale, dir))) {
      const text = readFileSync(join(ROOT, locale, dir, name), "utf8");
      for (const m of text.matchAll(/\]\((\/[^)\s]*)\)/g))
        found.push({ file: `${dir}/${name}`, href: m[1]! });
    }
  }
  return found;
}

describe("links inside content/", () => {
  for (const locale of LOCALES) {
    it(`lead somewhere, in ${locale}`, () => {
      const links = linksOf(locale);
      expect(links.length).toBeGreaterThan(5);
      const wrong: string[] = [];
      for (const { file, href } of links) {
        const path = href.split(/[?#]/)[0]!;
        const prefix = locale === "en" ? "" : `/${locale}`;
        if (prefix && !path.startsWith(`${prefix}/`)) wrong.push(`${file}: ${href} has no /${locale} prefix`);
        const rest = (prefix && path.startsWith(`${prefix}/`) ? path.slice(prefix.length) : path) || "/";
        if (/^\/(en|ru|pt-br)(\/|$)/.test(rest)) wrong.push(`${file}: ${href} names another language`);
        const matched = matchRoutes(table as never, rest);
        if (!matched) wrong.push(`${file}: ${href} is no route`);
        const page = rest.match(/^\/(static|questions)\/([^/]+)$/);
        if (page) {
          const dir = page[1] === "static" ? "pages" : "questions";
          if (!existsSync(join(ROOT, locale, dir, `${page[2]}.md`)))
            wrong.push(`${file}: ${href} has no page`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});
