import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import type { Database } from "../db/client";
import { openTestDatabase } from "../test/harness";

describe("request logs and the trace id", () => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    app = await buildApp({
      config: loadConfig({ APP_ENV: "test", LOG_LEVEL: "info" }),
      db: database.db,
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const linesOf = (traceId: string) => lines.filter((l) => l.traceId === traceId);

  it("takes the site's x-trace-id into every log line of the call and echoes it", async () => {
    const traceId = "3f0c8a52-5b1e-4c55-9a3e-0d7f4f1f2a10";
    const res = await app.inject({ url: "/api/settings/locales", headers: { "x-trace-id": traceId } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-trace-id"]).toBe(traceId);
    const logged = linesOf(traceId);
    // One access line a request, with the request and its answer.
    expect(logged.map((l) => l.msg)).toEqual(["request completed"]);
    expect(logged[0]).toMatchObject({
      level: 30,
      req: { method: "GET", url: "/api/settings/locales" },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
  });

  it("echoes it on errors too", async () => {
    const traceId = "trace-of-a-404-call";
    const res = await app.inject({ url: "/api/nothing/here", headers: { "x-trace-id": traceId } });
    expect(res.statusCode).toBe(404);
    expect(res.headers["x-trace-id"]).toBe(traceId);
    expect(linesOf(traceId).at(-1)).toMatchObject({
      req: { method: "GET", url: "/api/nothing/here" },
      res: { statusCode: 404 },
    });
  });

  it("makes one up when the caller sends none, or something that is not an id", async () => {
    const none = await app.inject({ url: "/api/settings/locales" });
    expect(none.headers["x-trace-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const bad = await app.inject({
      url: "/api/settings/locales",
      headers: { "x-trace-id": 'x"}\n{"admin":true' },
    });
    expect(bad.headers["x-trace-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(bad.headers["x-trace-id"]).not.toBe(none.headers["x-trace-id"]);
    expect(linesOf(bad.headers["x-trace-id"] as string)).toHaveLength(1);
  });
});
