import { describe, expect, it } from "vitest";
import { sportsbookSiteSettings } from "./settings";

describe("where the site's sportsbook widgets come from", () => {
  it("serves the built-in widgets from our own host when no provider is configured", () => {
    expect(sportsbookSiteSettings({ SPORTSBOOK_ENABLED: true })).toEqual({
      enabled: true,
      provider: "built-in",
      scriptUrl: "/sportsbook/sdk.js",
      apiBase: "",
    });
  });

  it("hides sports when switched off", () => {
    expect(sportsbookSiteSettings({ SPORTSBOOK_ENABLED: false }).enabled).toBe(false);
  });

  it("takes a real provider's host, and hides sports while its client id is missing", () => {
    const real = sportsbookSiteSettings({
      SPORTSBOOK_ENABLED: true,
      BETTING_PROVIDER_HOST: "https://widgets.example.com/",
      BETTING_CLIENT_ID: "op-7",
    });
    expect(real).toEqual({
      enabled: true,
      provider: "widgets.example.com",
      scriptUrl: "https://widgets.example.com/sportsbook/sdk.js",
      apiBase: "https://widgets.example.com",
      clientId: "op-7",
    });
    expect(
      sportsbookSiteSettings({
        SPORTSBOOK_ENABLED: true,
        BETTING_PROVIDER_HOST: "https://widgets.example.com",
      }).enabled,
    ).toBe(false);
  });
});
