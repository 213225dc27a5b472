import { expect, it } from "vitest";
import { buildApp } from "../../app";
import { createCache } from "../../cache";
import { loadConfig } from "../../config";
import { createTestApp, openTestDatabase } from "../../test/harness";

it("offers the dev outbox only outside production", { timeout: 60_000 }, async () => {
  const secret = "outbox-test-secret-outbox-test-secret-00";
  const prod = await createTestApp("pglite", {
    seed: false,
    env: {
      APP_ENV: "production",
      PUBLIC_URL: "https://casino.example",
      JWT_SECRET: secret,
      COOKIE_SECRET: secret,
      DOCUMENTS_KEYS: `k1:${"ab".repeat(32)}`,
    },
  });
  try {
    const res = await prod.app.inject("/api/dev/outbox");
    expect(res.statusCode).toBe(404);
  } finally {
    await prod.app.close();
    await prod.database.close();
  }
  const dev = await createTestApp("pglite", { seed: false });
  try {
    const res = await dev.app.inject("/api/dev/outbox?channel=sms");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
    expect((await dev.app.inject("/api/dev/outbox?channel=pigeon")).statusCode).toBe(422);
  } finally {
    await dev.app.close();
    await dev.database.close();
  }
});

it("hides the dev outbox with NODE_ENV=production and APP_ENV unset", { timeout: 60_000 }, async () => {
  // Reset links and codes were readable by anyone on such a server (issue #35).
  const secret = "outbox-test-secret-outbox-test-secret-00";
  const database = await openTestDatabase("pglite", { seed: false });
  const config = loadConfig({
    NODE_ENV: "production",
    PUBLIC_URL: "https://casino.example",
    LOG_LEVEL: "silent",
    JWT_SECRET: secret,
    COOKIE_SECRET: secret,
    DOCUMENTS_KEYS: `k1:${"ab".repeat(32)}`,
  });
  const app = await buildApp({ config, db: database.db, cache: createCache({}) });
  try {
    const res = await app.inject("/api/dev/outbox");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "not_found" });
    expect(config.APP_ENV).toBe("production");
  } finally {
    await app.close();
    await database.close();
  }
});
