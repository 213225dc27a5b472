import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { SupportHours } from "#common/api/admin-support";
import { CONTENT_DIRECTORIES } from "#common/api/content";
import type { SiteLocale } from "#common/i18n/locales";
import { formatSupportHours } from "#common/support-hours";
import { type BannerFacts, ContentService } from "./service";
import { ContentStore } from "./store";

/**
 * The site promises support "24/7", and a reply "within 24 hours", only while the operator's hours say so
 * (decision 0054): with other hours set in the back office, every text that said "around the clock" or promised
 * a reply within a day says those hours instead, in each language.
 */
const ROOT = resolve("content");
const LOCALES: SiteLocale[] = ["en", "ru", "pt-br"];

/** The phrases by which our texts promise support round the clock (lower case, as a reader sees them). */
const ROUND_THE_CLOCK: Record<SiteLocale, string[]> = {
  en: ["24/7", "around the clock", "any time of day", "24 hours a day"],
  ru: ["24/7", "круглосуточ", "в любое время суток", "24 часа в сутки"],
  "pt-br": [
    "24/7",
    "24 horas por dia",
    "atendimento 24 horas",
    "suporte 24 horas",
    "a qualquer hora",
    "atende 24 horas",
  ],
};

/** The phrases by which the contact texts promise a reply within a day (staff can keep it only round the clock). */
const REPLY_IN_A_DAY: Record<SiteLocale, string[]> = {
  en: [
    "answer by e-mail within 24 hours",
    "answer within 24 hours",
    "back to you by e-mail within 24 hours",
    "e-mail address within 24 hours",
  ],
  ru: [
    "ответим на e-mail в течение 24 часов",
    "отвечаем в течение 24 часов",
    "ответим на ваш e-mail в течение 24 часов",
  ],
  "pt-br": [
    "respondemos por e-mail em até 24 horas",
    "respondemos em até 24 horas",
    "responderemos por e-mail em até 24 horas",
    "no seu e-mail em até 24 horas",
  ],
};

const WEEKDAYS: SupportHours = {
  mode: "hours",
  days: [1, 2, 3, 4, 5],
  opens: "09:00",
  closes: "18:00",
  timeZone: "Europe/Lisbon",
};

/** The facts the content module derives from these hours (index.ts bannerFacts), the rest left out. */
const factsOf = (hours: SupportHours, locale: SiteLocale): BannerFacts => ({
  features: { supportHoursSet: hours.mode !== "always", loyalty: true, sports: true, referral: true },
  values: { supportHours: formatSupportHours(hours, locale), minAge: "18" },
});

async function texts(locale: SiteLocale, facts: BannerFacts): Promise<Map<string, string>> {
  const service = new ContentService(new ContentStore(ROOT, Date.now), async () => facts);
  const out = new Map<string, string>();
  for (const name of readdirSync(join(ROOT, locale, "pages")).filter((n) => n.endsWith(".md"))) {
    const id = name.slice(0, -3);
    out.set(`page ${id}`, (await service.page(id, locale)).html);
  }
  for (const d of CONTENT_DIRECTORIES)
    out.set(`dictionary ${d}`, JSON.stringify(await service.directory(d, locale)));
  out.set("home", JSON.stringify(await service.home(locale)));
  out.set("help", JSON.stringify(await service.help(locale)));
  return out;
}

const plain = (text: string) => text.replace(/<(?!!--)[^>]+>/g, "").toLowerCase();
const hits = (all: Map<string, string>, phrases: string[]) =>
  [...all].flatMap(([source, text]) =>
    phrases.filter((p) => plain(text).includes(p.toLowerCase())).map((p) => `${source}: ${p}`),
  );

describe.each(LOCALES)("support hours in the site's texts (%s)", (locale) => {
  it("promises round-the-clock support while the hours are round the clock, with nothing left unfilled", async () => {
    const all = await texts(locale, factsOf({ mode: "always" }, locale));
    expect(hits(all, ROUND_THE_CLOCK[locale]).length).toBeGreaterThanOrEqual(5);
    expect(hits(all, REPLY_IN_A_DAY[locale]).length).toBeGreaterThanOrEqual(3);
    for (const [source, text] of all) {
      expect(text, source).not.toContain("{supportHours}");
      expect(text, source).not.toContain("<!--");
    }
  });

  it("says the operator's hours instead of round the clock once they are set", async () => {
    const hours = formatSupportHours(WEEKDAYS, locale);
    const all = await texts(locale, factsOf(WEEKDAYS, locale));
    expect(hits(all, ROUND_THE_CLOCK[locale])).toEqual([]);
    expect(hits(all, REPLY_IN_A_DAY[locale])).toEqual([]);
    for (const where of ["help", "home", "page about"]) expect(all.get(where), where).toContain(hours);
    for (const [source, text] of all) expect(text, source).not.toContain("{supportHours}");
  });
});

describe("the hours as the texts word them", () => {
  it("names consecutive days as a range and the time zone, in each language", () => {
    expect(formatSupportHours(WEEKDAYS, "en")).toBe("Mon–Fri, 09:00–18:00 (Europe/Lisbon)");
    expect(formatSupportHours({ ...WEEKDAYS, days: [1, 3, 6, 7] }, "en")).toBe(
      "Mon, Wed, Sat, Sun, 09:00–18:00 (Europe/Lisbon)",
    );
    expect(formatSupportHours({ mode: "always" }, "ru")).toBe("круглосуточно");
    expect(formatSupportHours({ ...WEEKDAYS, days: [1, 2, 3, 4, 5, 6, 7] }, "pt-br")).toBe(
      "todos os dias, 09:00–18:00 (Europe/Lisbon)",
    );
  });
});
