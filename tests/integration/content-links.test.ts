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

/**
 * A place of the site a text names ("**Profile → Documents**") is a link to that very page: the last step is
 * the tab's label on that page's menu in the reader's language, the first the section the tab sits in. A text
 * about uploading documents sends the reader to /profile/documents, where uploads are (issue 42: the KYC page
 * and the FAQ sent players to "Profile → Personal" to upload).
 */
const SECTIONS: Record<(typeof LOCALES)[number], Record<string, "profile" | "wallet">> = {
  en: { Profile: "profile", Wallet: "wallet" },
  "pt-br": { Perfil: "profile", Carteira: "wallet" },
  ru: { Профиль: "profile", Кошелёк: "wallet" },
};
const UPLOAD: Record<(typeof LOCALES)[number], RegExp> = {
  en: /\bupload/i,
  "pt-br": /\benvi[ea]|\benviar|\bcarreg/i,
  ru: /загруз/i,
};

function tabsOf(locale: string) {
  const layout = JSON.parse(readFileSync(join(ROOT, locale, "layout.json"), "utf8")) as {
    profile: { tabs: Record<string, string> };
    wallet: { tabs: Record<string, string> };
  };
  // The wallet's first tab is its index page.
  const wallet = Object.entries(layout.wallet.tabs).map(([k, v]) => [k === "wallet" ? "" : k, v] as const);
  return { profile: Object.entries(layout.profile.tabs), wallet } as Record<
    "profile" | "wallet",
    [string, string][]
  >;
}

function textsOf(locale: string) {
  return ["pages", "questions"].flatMap((dir) =>
    readdirSync(join(ROOT, locale, dir)).map((name) => ({
      file: `${dir}/${name}`,
      text: readFileSync(join(ROOT, locale, dir, name), "utf8"),
    })),
  );
}

describe("places of the site named in content/", () => {
  for (const locale of LOCALES) {
    const prefix = locale === "en" ? "" : `/${locale}`;
    it(`are links to the page of that name, in ${locale}`, () => {
      const tabs = tabsOf(locale);
      const wrong: string[] = [];
      let named = 0;
      for (const { file, text } of textsOf(locale)) {
        for (const m of text.matchAll(/(\[)?\*\*([^*\n]+?) → ([^*\n]+?)\*\*(?:\]\(([^)\s]*)\))?/g)) {
          named++;
          const [whole, , section, tab, href] = m;
          const area = SECTIONS[locale][section!];
          if (!area) {
            wrong.push(`${file}: ${whole} names no section of the site`);
            continue;
          }
          const key = tabs[area].find(([, label]) => label === tab)?.[0];
          if (key === undefined) wrong.push(`${file}: ${whole}: "${tab}" is no tab of ${area}`);
          const want = `${prefix}/${area}${key ? `/${key}` : ""}`;
          if (!href) wrong.push(`${file}: ${whole} is not a link (to ${want})`);
          else if (key !== undefined && href.split(/[?#]/)[0] !== want)
            wrong.push(`${file}: ${whole} leads to ${href}`);
        }
      }
      expect(named).toBeGreaterThan(3);
      expect(wrong).toEqual([]);
    });

    it(`send a reader who uploads documents to ${prefix}/profile/documents, in ${locale}`, () => {
      const wrong: string[] = [];
      let seen = 0;
      for (const { file, text } of textsOf(locale)) {
        for (const line of text.split("\n")) {
          if (!UPLOAD[locale].test(line)) continue;
          for (const m of line.matchAll(/\]\(((?:\/[a-z-]+)?\/profile(?:\/[^)\s]*)?)\)/g)) {
            seen++;
            if (m[1] !== `${prefix}/profile/documents`) wrong.push(`${file}: uploads at ${m[1]}`);
          }
          if (/Personal|pessoais|Личные/.test(line) && !/\/profile\/personal\)/.test(line))
            wrong.push(`${file}: names the personal details beside an upload: ${line.slice(0, 80)}`);
        }
      }
      expect(seen).toBeGreaterThan(0);
      expect(wrong).toEqual([]);
    });
  }
});
