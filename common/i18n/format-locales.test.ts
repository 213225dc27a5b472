import { describe, expect, it } from "vitest";
import { FORMAT_LOCALES, formatIntl, formatLocaleFromCookie } from "./format-locales";

/** The spec's constants table, row "Date locales", as written there. */
const SPEC_ROW =
  "en (default), de, fr, es, pt, pt-br, ru, tr, hi, fa, uz, kk, es-mx, it, et, fi, el, id, nb, pl, ro, se, cs, da, nl";

describe("format locales (the spec's date locales)", () => {
  it("lists exactly the spec's 25 date locales, en first", () => {
    const spec = SPEC_ROW.replace("(default)", "")
      .split(",")
      .map((s) => s.trim());
    expect(spec).toHaveLength(25);
    expect(FORMAT_LOCALES.map((l) => l.code)).toEqual(spec);
  });

  it("gives each a tag Intl formats in its own way", () => {
    const day = new Date(Date.UTC(2026, 11, 3, 15, 4));
    const shown = new Set<string>();
    for (const l of FORMAT_LOCALES) {
      expect(Intl.DateTimeFormat.supportedLocalesOf([l.intl])).toEqual([l.intl]);
      shown.add(new Intl.DateTimeFormat(l.intl, { dateStyle: "full", timeZone: "UTC" }).format(day));
    }
    // Languages that share a script still name the day differently: most of the 25 look different.
    expect(shown.size).toBeGreaterThan(20);
    expect(new Intl.NumberFormat(formatIntl("de"), { minimumFractionDigits: 2 }).format(1234.5)).toBe(
      "1.234,50",
    );
  });

  it("reads the choice from a Cookie header and refuses anything else", () => {
    expect(formatLocaleFromCookie("a=1; formatLocale=de; b=2")).toBe("de");
    expect(formatLocaleFromCookie("formatLocale=es-mx")).toBe("es-mx");
    expect(formatLocaleFromCookie("formatLocale=xx")).toBeNull();
    expect(formatLocaleFromCookie("notformatLocale=de")).toBeNull();
    expect(formatLocaleFromCookie(null)).toBeNull();
  });
});
