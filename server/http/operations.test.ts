import { Redis } from "ioredis";
import { describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { migrate } from "../db/migrate";
import { startJobs } from "../jobs/scheduler";
import { systemClock } from "../lib/clock";
import { walletAccounts } from "../modules/wallet/tables";
import { insertTestPlayer, post } from "../modules/wallet/test-support";
import { createRealtime } from "../realtime";
import { createTestApp, describeEachDb } from "../test/harness";

// Several tests build an app of their own (a fresh database and its migrations): slow on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const TOKEN = "metrics-token-0123456789abcdef";

/** The value of one sample line of the Prometheus text, or undefined when it is not there. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = m[2]?.split(/,(?=\w+=")/) ?? [];
    if (want.every((w) => have.includes(w))) return Number(m[3]);
  }
  return undefined;
}

describeEachDb("operations: health, readiness, metrics", (ctx, kind) => {
  it("GET /health answers 200 while the process runs", async () => {
    const res = await ctx().app.inject({ url: "/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("GET /ready answers 200 with each check when the database answers", async () => {
    const res = await ctx().app.inject({ url: "/ready" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", checks: { process: "ok", database: "ok" } });
  });

  it("GET /ready answers 503 once a shutdown began, while the rest is still served", async () => {
    const { app } = await createTestApp(kind, { seed: false });
    try {
      app.markShuttingDown();
      const res = await app.inject({ url: "/ready" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: "unavailable", checks: { process: "shutting_down" } });
      expect((await app.inject({ url: "/health" })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("GET /metrics serves the Prometheus text: process, requests by route template, sockets, ledger, jobs", async () => {
    const { app } = ctx();
    // A route with a query and an unknown path: both counted by their route's template, never the raw URL.
    expect((await app.inject({ url: "/api/settings/currencies?visible=true" })).statusCode).toBe(200);
    expect((await app.inject({ url: "/api/no/such/call/12345" })).statusCode).toBe(404);
    // Probes are not traffic.
    await app.inject({ url: "/health" });
    const runner = startJobs([], { db: ctx().database.db, postgres: false, log: { info() {}, error() {} } });
    await runner.runOnce({ name: `ops-test-ok-${kind}`, everyMs: 1000, run: async () => undefined });
    await runner.runOnce({
      name: `ops-test-failing-${kind}`,
      everyMs: 1000,
      run: () => Promise.reject(new Error("x")),
    });
    await runner.stop();

    const res = await app.inject({ url: "/metrics" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toContain("# TYPE process_cpu_user_seconds_total counter");
    expect(text).toContain("# TYPE nodejs_eventloop_lag_seconds gauge");
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    const currencies = { method: "GET", route: "/api/settings/currencies", status_class: "2xx" };
    expect(sample(text, "http_request_duration_seconds_count", currencies)).toBe(1);
    expect(sample(text, "http_request_duration_seconds_bucket", { ...currencies, le: "+Inf" })).toBe(1);
    expect(sample(text, "http_requests_total", currencies)).toBe(1);
    expect(sample(text, "http_requests_total", { route: "/api/*", status_class: "4xx" })).toBe(1);
    expect(text).not.toContain("visible=true");
    // The unmatched path is never a label (a sample's value, such as a memory size, may hold the digits).
    expect(text).not.toContain("no/such/call");
    expect(text).not.toContain('route="/health"');
    expect(sample(text, "websocket_connections")).toBe(0);
    expect(text).toContain("# TYPE ledger_entries_total counter");
    expect(sample(text, "job_runs_total", { job: `ops-test-ok-${kind}` })).toBe(1);
    expect(sample(text, "job_failures_total", { job: `ops-test-ok-${kind}` })).toBeUndefined();
    expect(sample(text, "job_failures_total", { job: `ops-test-failing-${kind}` })).toBe(1);
    expect(sample(text, "ledger_reconciliation_last_run_timestamp_seconds")).toBe(0);
    expect(sample(text, "ledger_reconciliation_problems")).toBe(0);
    // The pg pool's use, on PostgreSQL (PGlite has no pool).
    if (kind === "postgres") expect(sample(text, "db_pool_connections")).toBeGreaterThanOrEqual(1);
    else expect(text).not.toContain("db_pool_connections");
  });

  it("shows the open websockets of this process", async () => {
    const { app } = ctx();
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const ws = new WebSocket(`${address.replace("http", "ws")}/api/connection/websocket`);
    await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
    try {
      const text = (await app.inject({ url: "/metrics" })).body;
      expect(sample(text, "websocket_connections")).toBe(1);
    } finally {
      ws.close();
    }
  });

  it("counts a ledger entry by its kind when it is posted, and not its replay", async () => {
    const { app, database } = ctx();
    const adjustments = async () =>
      sample((await app.inject({ url: "/metrics" })).body, "ledger_entries_total", { kind: "adjustment" }) ??
      0;
    const [account] = await database.db
      .insert(walletAccounts)
      .values({ playerId: await insertTestPlayer(database.db), currency: "USD", isCurrent: true })
      .returning();
    const before = await adjustments();
    const entry = {
      accountId: account!.id,
      amount: "5",
      kind: "adjustment" as const,
      reference: "test:metrics",
      idempotencyKey: `metrics:${account!.id}`,
    };
    await post(database.db, entry);
    await post(database.db, entry);
    expect(await adjustments()).toBe(before + 1);
  });

  it("GET /metrics answers callers on this host only when no METRICS_TOKEN is set", async () => {
    const { app } = ctx();
    const outside = await app.inject({ url: "/metrics", remoteAddress: "203.0.113.7" });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ code: "forbidden", errors: {} });
    // Behind Cloudflare (as the tests run) the visitor is the CDN's client, even when the hop is local.
    const viaCdn = await app.inject({ url: "/metrics", headers: { "cf-connecting-ip": "203.0.113.7" } });
    expect(viaCdn.statusCode).toBe(403);
    expect((await app.inject({ url: "/metrics", remoteAddress: "::1" })).statusCode).toBe(200);
  });
});

describe("operations: METRICS_TOKEN", () => {
  it("asks everyone, this host too, for the bearer token, and lets it in from anywhere", async () => {
    const { app, database } = await createTestApp("pglite", { seed: false, env: { METRICS_TOKEN: TOKEN } });
    try {
      const none = await app.inject({ url: "/metrics" });
      expect(none.statusCode).toBe(401);
      expect(none.headers["www-authenticate"]).toMatch(/^Bearer/);
      expect(none.json()).toMatchObject({ code: "unauthorized" });
      const wrong = await app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}x` } });
      expect(wrong.statusCode).toBe(401);
      const right = await app.inject({
        url: "/metrics",
        remoteAddress: "203.0.113.7",
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain("http_request_duration_seconds");
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe("operations: readiness when a dependency fails", () => {
  it("answers 503 naming the database when it does not answer, and shows nothing of the error", async () => {
    const { app, database } = await createTestApp("pglite", { seed: false });
    try {
      await database.close();
      const res = await app.inject({ url: "/ready" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: "unavailable", checks: { process: "ok", database: "failing" } });
      // Liveness does not depend on the database: restarting the process would not bring it back.
      expect((await app.inject({ url: "/health" })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("answers 503 naming Redis when it is configured and down", async () => {
    const database = await openDatabase({ dataDir: "memory://" });
    await migrate(database);
    // Nothing listens on port 1: every command fails.
    const redis = new Redis("redis://127.0.0.1:1", { lazyConnect: true, maxRetriesPerRequest: 0 });
    redis.on("error", () => undefined);
    const config = loadConfig({ APP_ENV: "test", LOG_LEVEL: "silent" });
    const realtime = createRealtime({ jwtSecret: config.JWT_SECRET, clock: systemClock });
    const app = await buildApp({ config, db: database.db, redis, realtime });
    try {
      const res = await app.inject({ url: "/ready" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: "unavailable",
        checks: { process: "ok", database: "ok", redis: "failing" },
      });
    } finally {
      await app.close();
      redis.disconnect();
      await database.close();
    }
  });

  it.runIf(process.env.TEST_REDIS_URL)("answers 200 with Redis when it answers PING", async () => {
    const database = await openDatabase({ dataDir: "memory://" });
    await migrate(database);
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    const config = loadConfig({ APP_ENV: "test", LOG_LEVEL: "silent" });
    const app = await buildApp({ config, db: database.db, redis });
    try {
      const res = await app.inject({ url: "/ready" });
      expect(res.json()).toEqual({ status: "ok", checks: { process: "ok", database: "ok", redis: "ok" } });
      expect(res.statusCode).toBe(200);
    } finally {
      await app.close();
      redis.disconnect();
      await database.close();
    }
  });
});
