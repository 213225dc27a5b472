import { describe, expect, it } from "vitest";
import {
  DEFAULT_LOCALE,
  isSiteLocale,
  LOCALE_SEGMENT,
  localePath,
  offeredLocales,
  SITE_LOCALES,
  splitLocale,
} from "./locales";

describe("locale paths", () => {
  it("leaves the default locale unprefixed and prefixes the others in lower case", () => {
    expect(DEFAULT_LOCALE).toBe("en");
    expect(localePath("/contact", "en")).toBe("/contact");
    expect(localePath("/contact", "ru")).toBe("/ru/contact");
    expect(localePath("static/terms", "pt-br")).toBe("/pt-br/static/terms");
    expect(localePath("/", "ru")).toBe("/ru");
    expect(localePath("/", "en")).toBe("/");
  });

  it("splits a path into locale and rest", () => {
    expect(splitLocale("/ru/contact")).toEqual({ locale: "ru", path: "/contact" });
    expect(splitLocale("/pt-br")).toEqual({ locale: "pt-br", path: "/" });
    expect(splitLocale("/contact")).toEqual({ locale: "en", path: "/contact" });
    expect(splitLocale("/xx/contact")).toEqual({ locale: "en", path: "/xx/contact" });
  });

  it("knows the locale segment shape", () => {
    expect(LOCALE_SEGMENT.test("ru")).toBe(true);
    expect(LOCALE_SEGMENT.test("pt-br")).toBe(true);
    expect(LOCALE_SEGMENT.test("PT-BR")).toBe(false);
    expect(LOCALE_SEGMENT.test("contact")).toBe(false);
    expect(isSiteLocale("ru")).toBe(true);
    expect(isSiteLocale("de")).toBe(false);
  });
});

describe("offeredLocales (GET /settings/locales)", () => {
  it("offers the enabled site languages in the server's order with its names", () => {
    expect(
      offeredLocales([
        { code: "pt-br", name: "Português" },
        { code: "de", name: "Deutsch" },
        { code: "en", name: "English" },
      ]),
    ).toEqual([
      { code: "pt-br", name: "Português", intl: "pt-BR" },
      { code: "en", name: "English", intl: "en-US" },
    ]);
  });

  it("offers every site language when the list is unknown or names none of them", () => {
    const all = SITE_LOCALES.map((l) => l.code);
    expect(offeredLocales(undefined).map((l) => l.code)).toEqual(all);
    expect(offeredLocales([]).map((l) => l.code)).toEqual(all);
    expect(offeredLocales([{ code: "de", name: "Deutsch" }]).map((l) => l.code)).toEqual(all);
  });
});
