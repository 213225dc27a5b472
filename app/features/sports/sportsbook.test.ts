import { describe, expect, it } from "vitest";
import { countryCode } from "./sportsbook";

describe("the sportsbook's country code (spec point 3)", () => {
  it("takes the profile's country, else the country header, else UA", () => {
    expect(countryCode("br", "DE")).toBe("BR");
    expect(countryCode(null, "de")).toBe("DE");
    // Neither known: the spec's fallback country, whatever the browser's language.
    expect(countryCode(undefined, null)).toBe("UA");
    expect(countryCode(null, "")).toBe("UA");
  });
});
