import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import type { Database } from "../db/client";
import { openTestDatabase } from "../test/harness";
import { FRAME_ANCESTORS, sitePagePolicy } from "./security-headers";

/** Enforced: the browser blocks what the policy does not allow (not only reports it). */
const CSP_HEADER = "content-security-policy";

import { BUILD_DIR, registerSite } from "./ssr";

// Each test builds an app of its own (and one the site): slow on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const hasBuild = existsSync(resolve(BUILD_DIR, "server/index.js"));

describe("security headers", () => {
  let database: Database;
  const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
  const open = async (env: Record<string, string> = {}, site = false) => {
    const config = loadConfig({ APP_ENV: "test", LOG_LEVEL: "silent", ...env });
    const app = await buildApp({ config, db: database.db });
    if (site) {
      await registerSite(app, {
        dev: false,
        apiBaseUrl: () => "http://127.0.0.1:9",
        redirectHosts: [],
        buildCheckSeconds: 300,
        pagePolicy: sitePagePolicy(config),
      });
    }
    await app.ready();
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });

  it("an API answer: nosniff, referrer policy, a policy that allows nothing, no HSTS over plain HTTP", async () => {
    const app = await open();
    for (const url of ["/api/settings/locales", "/api/no/such/call"]) {
      const res = await app.inject(url);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      const csp = String(res.headers[CSP_HEADER]);
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain("script-src");
      expect(csp).toContain(`frame-ancestors ${FRAME_ANCESTORS}`);
      expect(res.headers["content-security-policy-report-only"]).toBeUndefined();
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  it("HSTS when the public address is HTTPS, or the trusted proxy says the visitor came over HTTPS", async () => {
    const https = await open({ PUBLIC_URL: "https://casino.example.com" });
    expect((await https.inject("/api/settings/locales")).headers["strict-transport-security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
    const plain = await open({ PUBLIC_URL: "http://127.0.0.1:3000" });
    // inject() comes from 127.0.0.1, the default trusted proxy (TRUST_PROXY=loopback).
    const proxied = await plain.inject({
      url: "/api/settings/locales",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(proxied.headers["strict-transport-security"]).toMatch(/^max-age=31536000/);
    const untrusted = await plain.inject({
      url: "/api/settings/locales",
      headers: { "x-forwarded-proto": "https" },
      remoteAddress: "203.0.113.9",
    });
    expect(untrusted.headers["strict-transport-security"]).toBeUndefined();
  });

  it("the page policy allows scripts by nonce and the site's known hosts, frames by Telegram's web clients only", () => {
    const policy = sitePagePolicy(
      loadConfig({
        APP_ENV: "test",
        PUBLIC_URL: "https://play.example.org",
        BETTING_PROVIDER_HOST: "https://widgets.example.com/sdk",
        GAME_AGGREGATORS: JSON.stringify([
          { id: "agg", secret: "s".repeat(32), launchUrl: "https://games.example.net/launch?t={token}" },
        ]),
      }),
    )("abc123");
    const directive = (name: string) =>
      policy
        .split("; ")
        .find((d) => d.startsWith(`${name} `))
        ?.slice(name.length + 1)
        .split(" ");
    expect(directive("script-src")).toEqual([
      "'self'",
      "'nonce-abc123'",
      "https://telegram.org",
      "https://static.sumsub.com",
      "https://widgets.example.com",
    ]);
    expect(directive("script-src")).not.toContain("'unsafe-inline'");
    // Games launch from PUBLIC_URL, which a player may not have opened the site on (the messenger's client).
    expect(directive("frame-src")).toEqual(
      expect.arrayContaining(["'self'", "https://play.example.org", "https://games.example.net"]),
    );
    expect(directive("frame-ancestors")).toEqual([
      "'self'",
      "https://web.telegram.org",
      "https://*.telegram.org",
    ]);
    expect(directive("object-src")).toEqual(["'none'"]);
    // External login: the browser fetches the provider's discovery document and token endpoint, and renews
    // silently in a hidden frame.
    const oidc = sitePagePolicy(
      loadConfig({
        APP_ENV: "test",
        OIDC_PROVIDERS: JSON.stringify([
          {
            id: "google",
            name: "Google",
            issuer: "https://accounts.google.com",
            clientId: "c",
            origins: ["https://oauth2.googleapis.com/token"],
          },
        ]),
      }),
    )("n");
    expect(oidc).toMatch(
      /connect-src [^;]*https:\/\/accounts\.google\.com https:\/\/oauth2\.googleapis\.com[;\s]/,
    );
    expect(oidc).toMatch(/frame-src [^;]*https:\/\/accounts\.google\.com/);
    expect(policy).not.toContain("google");
    // The house games' pages are a provider's: any casino page that launched them may frame them.
    const game = sitePagePolicy(loadConfig({ APP_ENV: "test" }))("n", "/pt-br/house-games/slot?token=t");
    expect(game).toContain("frame-ancestors *");
    expect(sitePagePolicy(loadConfig({ APP_ENV: "test" }))("n", "/games")).toContain(
      `frame-ancestors ${FRAME_ANCESTORS}`,
    );
    // The back office is framed by no one (clickjacking a staff screen).
    for (const path of ["/admin", "/admin/players/7", "/admin?x=1"])
      expect(sitePagePolicy(loadConfig({ APP_ENV: "test" }))("n", path), path).toContain(
        "frame-ancestors 'none'",
      );
    expect(sitePagePolicy(loadConfig({ APP_ENV: "test" }))("n", "/administration")).toContain(
      `frame-ancestors ${FRAME_ANCESTORS}`,
    );
  });

  it.runIf(hasBuild)(
    "a page: its own nonce in the policy and on every script it writes, fresh each time",
    async () => {
      const app = await open({}, true);
      const page = async () => {
        const res = await app.inject({ url: "/", headers: { "x-csp-nonce": "chosen-by-the-visitor" } });
        const csp = String(res.headers[CSP_HEADER]);
        const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
        return { res, csp, nonce };
      };
      const { res, csp, nonce } = await page();
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(res.headers["x-trace-id"]).toBeTruthy();
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(res.headers["content-security-policy-report-only"]).toBeUndefined();
      expect(csp).toContain(`frame-ancestors ${FRAME_ANCESTORS}`);
      const scripts = res.body.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(2);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      expect(res.body).not.toContain("chosen-by-the-visitor");
      expect((await page()).nonce).not.toBe(nonce);
    },
  );
});
