import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, isSiteLocale, LOCALE_SEGMENT, localePath, splitLocale } from "./locales";

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
