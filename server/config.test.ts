import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

/** A master key for uploads, as production needs one (`openssl rand -hex 32`). */
const KEYS = `k1:${"ab".repeat(32)}`;
/** What a production server sets besides its secrets. */
const PRODUCTION = { APP_ENV: "production", PUBLIC_URL: "https://casino.example", DOCUMENTS_KEYS: KEYS };

describe("config", () => {
  it("starts with nothing set, generating development secrets", () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATA_DIR).toBe(".data");
    expect(c.JWT_SECRET).toHaveLength(64);
    expect(c.publicUrl).toBe("http://localhost:3000");
  });

  it("names the variable that holds a bad value", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PORT: "70000" })).toThrow(ConfigError);
  });

  it("refuses generated secrets in production", () => {
    expect(() => loadConfig({ APP_ENV: "production" })).toThrow(/JWT_SECRET: required in production/);
    const strong = "x".repeat(32);
    expect(loadConfig({ ...PRODUCTION, JWT_SECRET: strong, COOKIE_SECRET: strong }).JWT_SECRET).toBe(strong);
  });

  it("refuses a production start with default settings, listing everything missing at once (decision 0047)", () => {
    let message = "";
    try {
      loadConfig({ APP_ENV: "production" });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message.split("\n")).toEqual([
      "Invalid configuration:",
      "  JWT_SECRET: required in production (at least 32 characters)",
      "  COOKIE_SECRET: required in production (at least 32 characters)",
      "  PUBLIC_URL: required in production (the site's address, for links, e-mails and webhooks)",
      "  DOCUMENTS_KEYS: required in production (id:<64 hex characters>; `openssl rand -hex 32`)",
    ]);
    // Other problems join the same list rather than waiting for the next start.
    expect(() => loadConfig({ APP_ENV: "production", TEST_CLOCK_CONTROL: "true" })).toThrow(
      /JWT_SECRET.*\n.*COOKIE_SECRET.*\n.*PUBLIC_URL.*\n.*TEST_CLOCK_CONTROL: not allowed/,
    );
  });

  it("adds no demo data in production unless asked, and the demo data elsewhere", () => {
    const strong = "x".repeat(32);
    const production = { ...PRODUCTION, JWT_SECRET: strong, COOKIE_SECRET: strong };
    expect(loadConfig(production).SEED_DEMO).toBe(false);
    expect(loadConfig({}).SEED_DEMO).toBe(true);
    expect(loadConfig({ APP_ENV: "test" }).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
    expect(() => loadConfig({ ...production, SEED_DEMO: "true" })).toThrow(
      /SEED_DEMO \(made-up games, studios, bonus codes and quests\): not for real players.*SANDBOX_IN_PRODUCTION=yes-no-real-money/,
    );
    expect(
      loadConfig({ ...production, SEED_DEMO: "true", SANDBOX_IN_PRODUCTION: "yes-no-real-money" }).SEED_DEMO,
    ).toBe(true);
  });

  it("refuses a sandbox left on in production without the second switch, naming each", () => {
    const strong = "x".repeat(32);
    const production = { ...PRODUCTION, JWT_SECRET: strong, COOKIE_SECRET: strong };
    const sandboxes = {
      ...production,
      PAYMENT_SANDBOX_ENABLED: "true",
      PAYMENT_SANDBOX_SECRET: strong,
      IDENTITY_VERIFICATION: "sandbox",
      IDENTITY_SANDBOX_SECRET: strong,
    } as const;
    let message = "";
    try {
      loadConfig(sandboxes);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(
      /PAYMENT_SANDBOX_ENABLED \(the sandbox payment processor: no real money\): not for real/,
    );
    expect(message).toMatch(/IDENTITY_VERIFICATION=sandbox \(approves any document\): not for real/);
    expect(message.split("\n")).toHaveLength(3);
    // A near miss is not the switch: it must be said exactly.
    expect(() => loadConfig({ ...sandboxes, SANDBOX_IN_PRODUCTION: "yes" })).toThrow(/SANDBOX_IN_PRODUCTION/);
    const demo = loadConfig({ ...sandboxes, SANDBOX_IN_PRODUCTION: "yes-no-real-money" });
    expect(demo.paymentSandbox).toBe(true);
    expect(demo.IDENTITY_VERIFICATION).toBe("sandbox");
    // Outside production the sandboxes need no second switch.
    expect(loadConfig({ PAYMENT_SANDBOX_ENABLED: "true" }).paymentSandbox).toBe(true);
  });

  it("counts APP_ENV unset under NODE_ENV=production as production (decision 0001)", () => {
    // A server started with NODE_ENV=production and no APP_ENV used to run in development: the dev outbox
    // (reset links) public, the payment sandbox on, generated secrets accepted.
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/JWT_SECRET: required in production/);
    const strong = "x".repeat(32);
    const c = loadConfig({
      ...PRODUCTION,
      NODE_ENV: "production",
      APP_ENV: undefined,
      JWT_SECRET: strong,
      COOKIE_SECRET: strong,
    });
    expect(c.APP_ENV).toBe("production");
    expect(c.paymentSandbox).toBe(false);
    // Said outright, APP_ENV wins; without NODE_ENV=production, unset is development as before.
    expect(loadConfig({ NODE_ENV: "production", APP_ENV: "development" }).APP_ENV).toBe("development");
    expect(loadConfig({ NODE_ENV: "production", APP_ENV: "test" }).APP_ENV).toBe("test");
    expect(loadConfig({}).APP_ENV).toBe("development");
    expect(loadConfig({ NODE_ENV: "development" }).APP_ENV).toBe("development");
  });

  it("verifies identity with the sandbox outside production, nothing in production unless asked", () => {
    const strong = "x".repeat(32);
    const production = { ...PRODUCTION, JWT_SECRET: strong, COOKIE_SECRET: strong };
    expect(loadConfig({}).IDENTITY_VERIFICATION).toBe("sandbox");
    expect(loadConfig(production).IDENTITY_VERIFICATION).toBe("off");
    expect(() =>
      loadConfig({
        ...production,
        IDENTITY_VERIFICATION: "sandbox",
        SANDBOX_IN_PRODUCTION: "yes-no-real-money",
      }),
    ).toThrow(/IDENTITY_SANDBOX_SECRET/);
    expect(() => loadConfig({ IDENTITY_VERIFICATION: "sumsub", SUMSUB_APP_TOKEN: "t" })).toThrow(
      /SUMSUB_SECRET_KEY: required.*\n.*SUMSUB_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ S3_BUCKET: "docs" })).toThrow(
      /S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
    const s3 = {
      S3_ENDPOINT: "http://minio:9000",
      S3_BUCKET: "docs",
      S3_ACCESS_KEY_ID: "k",
      S3_SECRET_ACCESS_KEY: "s",
    };
    expect(loadConfig(s3).s3).toEqual({
      endpoint: "http://minio:9000",
      bucket: "docs",
      accessKeyId: "k",
      secretAccessKey: "s",
      region: "us-east-1",
      serverSideEncryption: "AES256",
    });
  });

  it("runs the sandbox payment processor outside production, and in production only with its own secret", () => {
    const strong = "x".repeat(32);
    expect(loadConfig({}).paymentSandbox).toBe(true);
    const production = {
      ...PRODUCTION,
      JWT_SECRET: strong,
      COOKIE_SECRET: strong,
      SANDBOX_IN_PRODUCTION: "yes-no-real-money",
    };
    expect(loadConfig(production).paymentSandbox).toBe(false);
    expect(() => loadConfig({ ...production, PAYMENT_SANDBOX_ENABLED: "true" })).toThrow(
      /PAYMENT_SANDBOX_SECRET: required in production/,
    );
    expect(
      loadConfig({ ...production, PAYMENT_SANDBOX_ENABLED: "true", PAYMENT_SANDBOX_SECRET: strong })
        .paymentSandbox,
    ).toBe(true);
  });

  it("reads OpenID providers from JSON and names the variable when it is not", () => {
    const providers = JSON.stringify([
      { id: "google", name: "Google", issuer: "https://accounts.google.com", clientId: "c1" },
    ]);
    expect(loadConfig({ OIDC_PROVIDERS: providers }).OIDC_PROVIDERS).toEqual([
      {
        id: "google",
        name: "Google",
        issuer: "https://accounts.google.com",
        clientId: "c1",
        scope: "openid profile email",
        // Refresh tokens (offline_access) and their hidden-frame fallback only when the operator turns them on.
        refreshTokens: false,
        refreshTokensFallback: false,
      },
    ]);
    expect(() => loadConfig({ OIDC_PROVIDERS: "[{" })).toThrow(/OIDC_PROVIDERS/);
    expect(() => loadConfig({ OIDC_PROVIDERS: '[{"id":"x"}]' })).toThrow(/OIDC_PROVIDERS/);
  });

  it("refuses short secrets", () => {
    expect(() => loadConfig({ JWT_SECRET: "short" })).toThrow(/JWT_SECRET must be at least 32/);
  });
});

describe("REDIRECT_HOSTS", () => {
  it("lists host names, trimmed and lower-cased, and names itself when wrong", () => {
    expect(
      loadConfig({ REDIRECT_HOSTS: " Help.Example.com, blog.example.com:8443 " }).REDIRECT_HOSTS,
    ).toEqual(["help.example.com", "blog.example.com:8443"]);
    expect(loadConfig({}).REDIRECT_HOSTS).toEqual([]);
    expect(() => loadConfig({ REDIRECT_HOSTS: "https://evil.example/path" })).toThrow(/REDIRECT_HOSTS/);
  });
});

describe("reality check", () => {
  it("offers 15, 30, 60 and 120 minutes, 60 by default in GB", () => {
    const c = loadConfig({});
    expect(c.REALITY_CHECK_INTERVALS).toEqual([15, 30, 60, 120]);
    expect(c.REALITY_CHECK_DEFAULT_MINUTES).toBe(60);
    expect(c.REALITY_CHECK_DEFAULT_COUNTRIES).toEqual(["GB"]);
  });

  it("reads lists in any order and case, and empty countries as none", () => {
    const c = loadConfig({
      REALITY_CHECK_INTERVALS: "45, 20,45",
      REALITY_CHECK_DEFAULT_MINUTES: "20",
      REALITY_CHECK_DEFAULT_COUNTRIES: "gb, se",
    });
    expect(c.REALITY_CHECK_INTERVALS).toEqual([20, 45]);
    expect(c.REALITY_CHECK_DEFAULT_COUNTRIES).toEqual(["GB", "SE"]);
    expect(loadConfig({ REALITY_CHECK_DEFAULT_COUNTRIES: "" }).REALITY_CHECK_DEFAULT_COUNTRIES).toEqual([]);
  });

  it("refuses a default that is not offered, and values that are not minutes or countries", () => {
    expect(() => loadConfig({ REALITY_CHECK_DEFAULT_MINUTES: "45" })).toThrow(
      /REALITY_CHECK_DEFAULT_MINUTES/,
    );
    expect(() => loadConfig({ REALITY_CHECK_INTERVALS: "15,soon" })).toThrow(/REALITY_CHECK_INTERVALS/);
    expect(() => loadConfig({ REALITY_CHECK_INTERVALS: "0" })).toThrow(/REALITY_CHECK_INTERVALS/);
    expect(() => loadConfig({ REALITY_CHECK_DEFAULT_COUNTRIES: "GBR" })).toThrow(
      /REALITY_CHECK_DEFAULT_COUNTRIES/,
    );
  });

  it("seals uploads with the configured master keys, refusing a malformed list and production without one", () => {
    const strong = "x".repeat(32);
    const base = {
      APP_ENV: "production",
      PUBLIC_URL: "https://casino.example",
      JWT_SECRET: strong,
      COOKIE_SECRET: strong,
    };
    expect(() => loadConfig(base)).toThrow(/DOCUMENTS_KEYS: required in production/);
    expect(() => loadConfig({ ...base, DOCUMENTS_KEYS: "k1:abc" })).toThrow(/key "k1" is not 64 hexadecimal/);
    expect(() => loadConfig({ ...base, DOCUMENTS_KEYS: `${KEYS},${KEYS}` })).toThrow(/two keys share an id/);
    const rotated = loadConfig({ ...base, DOCUMENTS_KEYS: `k2:${"cd".repeat(32)},${KEYS}` }).documentKeys;
    expect(rotated.map((k) => k.id)).toEqual(["k2", "k1"]);
    expect(loadConfig({}).documentKeys).toHaveLength(1);
  });

  it("refuses a verification rule nobody could meet, with identity verification off", () => {
    expect(() =>
      loadConfig({ IDENTITY_VERIFICATION: "off", DEPOSIT_VERIFICATION_THRESHOLD: "2000" }),
    ).toThrow(/DEPOSIT_VERIFICATION_THRESHOLD: needs IDENTITY_VERIFICATION/);
    expect(() =>
      loadConfig({ IDENTITY_VERIFICATION: "off", WITHDRAWAL_VERIFICATION_THRESHOLD: "0" }),
    ).toThrow(/WITHDRAWAL_VERIFICATION_THRESHOLD: needs IDENTITY_VERIFICATION/);
    expect(loadConfig({ WITHDRAWAL_VERIFICATION_THRESHOLD: "0" }).WITHDRAWAL_VERIFICATION_THRESHOLD).toBe(
      "0",
    );
  });
});
