import { describe, expect, it } from "vitest";
import { countryCode } from "./sportsbook";

describe("the sportsbook's country code (spec point 3)", () => {
  it("takes the profile's country, else the country header, else the browser language's region", () => {
    expect(countryCode("br", "DE", "en-US")).toBe("BR");
    expect(countryCode(null, "de", "en-US")).toBe("DE");
    expect(countryCode(undefined, null, "pt-BR")).toBe("BR");
    expect(countryCode(null, null, "en")).toBeNull();
  });
});
