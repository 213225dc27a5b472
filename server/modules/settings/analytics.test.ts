import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { CSP_HEADER, sitePagePolicy } from "../../http/security-headers";
import { describeEachDb } from "../../test/harness";
import { analyticsOrigins, analyticsSiteSettings } from "./analytics";

const ALL = {
  GTM_ID: "GTM-AB12CD",
  GTM_SCRIPT_URL: "https://tags.example/gtm.js",
  COUNTER_ID: "98765432",
  COUNTER_SCRIPT_URL: "https://counter.example/tag.js",
  RECORDER_ID: "rec0rder",
  RECORDER_SCRIPT_URL: "https://rec.example/tag/",
  PIXEL_URL: "https://px.example/hit",
  FINGERPRINT_ENABLED: "true",
  FINGERPRINT_MONITORING: "false",
  SENTRY_DSN: "https://public@errors.example/12",
};

describe("analytics settings (decision 0019)", () => {
  it("nothing is loaded without its key (spec point 7)", () => {
    // Consent is asked by default (ANALYTICS_REQUIRE_CONSENT, issue 36): the notice offers Reject as well.
    expect(analyticsSiteSettings(loadConfig({ APP_ENV: "test" }))).toEqual({ requireConsent: true });
  });

  it("each configured integration reaches the site, with where its script comes from", () => {
    const s = analyticsSiteSettings(
      loadConfig({ APP_ENV: "test", ...ALL, ANALYTICS_REQUIRE_CONSENT: "true" }),
    );
    expect(JSON.parse(JSON.stringify(s))).toEqual({
      gtm: { id: "GTM-AB12CD", scriptUrl: "https://tags.example/gtm.js" },
      counter: { id: "98765432", scriptUrl: "https://counter.example/tag.js" },
      recorder: { id: "rec0rder", scriptUrl: "https://rec.example/tag/" },
      pixel: { url: "https://px.example/hit" },
      fingerprint: { monitoring: false },
      sentry: { dsn: "https://public@errors.example/12", environment: "test" },
      requireConsent: true,
    });
  });

  it("refuses malformed keys at start", () => {
    for (const [key, value] of [
      ["GTM_ID", "UA-1234"],
      ["COUNTER_ID", "abc"],
      ["RECORDER_ID", "Has Spaces"],
      ["PIXEL_URL", "not a url"],
      ["FINGERPRINT_ENABLED", "maybe"],
    ])
      expect(() => loadConfig({ APP_ENV: "test", [key!]: value! }), key).toThrow(key);
  });

  it("the page's CSP allows the configured hosts only", () => {
    const config = loadConfig({ APP_ENV: "test", ...ALL });
    expect(analyticsOrigins(config)).toEqual({
      script: ["https://tags.example", "https://counter.example", "https://rec.example"],
      connect: [
        "https://tags.example",
        "https://counter.example",
        "https://rec.example",
        "https://px.example",
        "https://errors.example",
      ],
    });
    const policy = sitePagePolicy(config)("n0nce");
    expect(policy).toMatch(/script-src [^;]*https:\/\/tags\.example/);
    expect(policy).toMatch(/connect-src [^;]*https:\/\/px\.example/);
    const bare = sitePagePolicy(loadConfig({ APP_ENV: "test" }))("n0nce");
    expect(bare).not.toContain("tags.example");
    expect(CSP_HEADER).toBe("content-security-policy");
  });
});

describeEachDb(
  "GET /api/player/init with analytics configured",
  (ctx) => {
    it("carries the integrations for the site", async () => {
      const res = await ctx().app.inject("/api/player/init");
      expect(res.statusCode).toBe(200);
      expect(res.json().analytics).toMatchObject({
        gtm: { id: "GTM-AB12CD" },
        pixel: { url: "https://px.example/hit" },
        fingerprint: { monitoring: false },
        requireConsent: true,
      });
    });
  },
  { env: ALL },
);

describeEachDb("GET /api/player/init without analytics", (ctx) => {
  it("carries none", async () => {
    const res = await ctx().app.inject("/api/player/init");
    expect(res.json().analytics).toEqual({ requireConsent: true });
  });
});
