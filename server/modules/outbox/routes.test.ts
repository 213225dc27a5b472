import { expect, it } from "vitest";
import { createTestApp } from "../../test/harness";

it("offers the dev outbox only outside production", { timeout: 60_000 }, async () => {
  const secret = "outbox-test-secret-outbox-test-secret-00";
  const prod = await createTestApp("pglite", {
    seed: false,
    env: { APP_ENV: "production", JWT_SECRET: secret, COOKIE_SECRET: secret },
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
