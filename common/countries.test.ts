import { describe, expect, it } from "vitest";
import { countryFromHeader, EXCLUDED_COUNTRIES, ISO_COUNTRY_CODES, offeredCountries } from "./countries";

describe("countries", () => {
  it("knows every ISO country once", () => {
    expect(ISO_COUNTRY_CODES).toHaveLength(249);
    expect(new Set(ISO_COUNTRY_CODES).size).toBe(249);
  });

  it("offers players every country but US, UM, GB, FR, NL, AW, CW and MF", () => {
    const all = ISO_COUNTRY_CODES.map((code) => ({ code }));
    const offered = offeredCountries(all).map((c) => c.code);
    expect(offered).toHaveLength(249 - 8);
    for (const code of EXCLUDED_COUNTRIES) expect(offered).not.toContain(code);
    expect(offered).toContain("BR");
    expect(offeredCountries([{ code: "gb" }, { code: "de" }])).toEqual([{ code: "de" }]);
  });

  it("reads the country header", () => {
    expect(countryFromHeader("br")).toBe("BR");
    expect(countryFromHeader("XX")).toBeNull();
    expect(countryFromHeader("T1")).toBeNull();
    expect(countryFromHeader(undefined)).toBeNull();
  });
});
