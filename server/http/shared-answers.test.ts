import { get as get_, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app";
import { type Cache, createCache } from "../cache";
import { loadConfig } from "../config";
import type { Database } from "../db/client";
import { SETTINGS_CACHE } from "../modules/settings";
import { currencies } from "../modules/settings/tables";
import { openTestDatabase } from "../test/harness";
import { SharedAnswers } from "./shared-answers";

/**
 * Guests' cached answers given before the router (server/http/shared-answers.ts): the same bytes and headers
 * Fastify wrote, a trace id, a log line and a count of their own, never a player's request, and gone with the
 * announcement that the data changed.
 */
describe("shared answers", () => {
  let database: Database;
  let cache: Cache;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let base: string;
  let shared: SharedAnswers;
  const lines: Record<string, unknown>[] = [];
  const given: boolean[] = [];

  beforeAll(async () => {
    database = await openTestDatabase("pglite", { seed: true });
    cache = createCache({});
    app = await buildApp({
      config: loadConfig({ APP_ENV: "test", LOG_LEVEL: "info", BEHIND_CLOUDFLARE: "true" }),
      db: database.db,
      cache,
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    shared = app.sharedAnswers!;
    const answer = shared.answer.bind(shared);
    vi.spyOn(shared, "answer").mockImplementation((req, res) => {
      const hit = answer(req, res);
      given.push(hit);
      return hit;
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const BR = { "accept-encoding": "gzip, deflate, br, zstd" };
  const get = async (path: string, headers: Record<string, string> = {}) => {
    given.length = 0;
    const res = await fetch(`${base}${path}`, { headers });
    const body = Buffer.from(await res.arrayBuffer());
    return { res, body, given: given[0] };
  };
  const headersOf = (res: Response) =>
    Object.fromEntries([...res.headers].filter(([name]) => !["x-trace-id", "date"].includes(name)));

  it("gives the next guest the first guest's answer, byte for byte, without the router", async () => {
    await cache.invalidate(SETTINGS_CACHE.name);
    const first = await get("/api/settings/currencies", BR);
    expect(first.given).toBe(false);
    const second = await get("/api/settings/currencies", BR);
    expect(second.given).toBe(true);
    expect(second.res.status).toBe(200);
    expect(second.body.equals(first.body)).toBe(true);
    // fetch reads the Brotli for us; what came is the route's JSON.
    expect(JSON.parse(second.body.toString()).data.length).toBeGreaterThan(0);
    expect(headersOf(second.res)).toEqual(headersOf(first.res));
    expect(second.res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(second.res.headers.get("x-trace-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.res.headers.get("x-trace-id")).not.toBe(first.res.headers.get("x-trace-id"));
  });

  it("keeps each encoding apart, echoes the caller's trace id, logs and counts the answer", async () => {
    await cache.invalidate(SETTINGS_CACHE.name);
    const identity = { "accept-encoding": "identity" };
    const plainFirst = await get("/api/settings/currencies", identity);
    const plain = await get("/api/settings/currencies", {
      ...identity,
      "x-trace-id": "trace-of-a-shared-answer",
    });
    expect([plainFirst.given, plain.given]).toEqual([false, true]);
    expect(plain.res.headers.get("content-encoding")).toBeNull();
    expect(plain.res.headers.get("x-trace-id")).toBe("trace-of-a-shared-answer");
    // A Brotli client is not given the plain copy.
    const raw = await fetch(`${base}/api/settings/currencies`, { headers: BR });
    expect(raw.headers.get("content-encoding")).toBe("br");
    expect(lines.filter((l) => l.traceId === "trace-of-a-shared-answer")).toEqual([
      expect.objectContaining({
        msg: "request completed",
        req: expect.objectContaining({ method: "GET", url: "/api/settings/currencies" }),
        res: { statusCode: 200 },
      }),
    ]);
    const metrics = await (await fetch(`${base}/metrics`)).text();
    const count = Number(
      /http_requests_total\{method="GET",route="\/api\/settings\/currencies",status_class="2xx"\} (\d+)/.exec(
        metrics,
      )?.[1],
    );
    expect(count).toBeGreaterThanOrEqual(5);
  });

  it("names the caller in the access line as the router's line does, behind a trusted proxy too", async () => {
    await cache.invalidate(SETTINGS_CACHE.name);
    const lineOf = (traceId: string) =>
      lines.find((l) => l.traceId === traceId)?.req as Record<string, unknown>;
    // Loopback is trusted by default (TRUST_PROXY): what it forwards is the caller, and the host it was asked for.
    const proxied = { ...BR, "x-forwarded-for": "203.0.113.7", "x-forwarded-host": "casino.example" };
    const routed = await get("/api/settings/currencies", { ...proxied, "x-trace-id": "routed-line-1" });
    const answered = await get("/api/settings/currencies", { ...proxied, "x-trace-id": "shared-line-1" });
    expect([routed.given, answered.given]).toEqual([false, true]);
    const fromRouter = lineOf("routed-line-1");
    expect(fromRouter).toMatchObject({ remoteAddress: "203.0.113.7", host: "casino.example" });
    expect(lineOf("shared-line-1")).toEqual({ ...fromRouter, remotePort: expect.any(Number) });
    // Without a proxy's word, the peer itself.
    const direct = await get("/api/settings/currencies", { ...BR, "x-trace-id": "shared-line-2" });
    expect(direct.given).toBe(true);
    expect(lineOf("shared-line-2")).toMatchObject({ remoteAddress: "127.0.0.1", host: new URL(base).host });
  });

  it("keeps a client's own x-forwarded-proto apart from a trusted proxy's: no HSTS header for it", async () => {
    // Only 127.0.0.1 may speak for the caller here; a request from 127.0.0.2 is a client on its own.
    const own = await buildApp({
      config: loadConfig({ APP_ENV: "test", TRUST_PROXY: "127.0.0.1" }),
      db: database.db,
      cache: createCache({}),
      logStream: { write: () => {} },
    });
    await own.listen({ port: 0, host: "127.0.0.1" });
    const port = (own.server.address() as AddressInfo).port;
    /** The HSTS header of the answer to a guest's read sent from `localAddress`. */
    const hstsFor = (localAddress: string, proto?: string) =>
      new Promise<string | undefined>((resolve, reject) => {
        const headers = proto ? { "x-forwarded-proto": proto } : undefined;
        const path = "/api/settings/currencies";
        get_({ host: "127.0.0.1", port, path, localAddress, headers, agent: false }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.headers["strict-transport-security"] as string | undefined));
        }).on("error", reject);
      });
    try {
      // The proxy's first answer goes through the router, its second is the kept one: both say HSTS.
      expect(await hstsFor("127.0.0.1", "https")).toMatch(/^max-age=/);
      expect(await hstsFor("127.0.0.1", "https")).toMatch(/^max-age=/);
      expect(own.sharedAnswers!.size).toBe(1);
      // The same header from a client the deployment does not trust: plain HTTP, no HSTS, never the proxy's answer.
      expect(await hstsFor("127.0.0.2", "https")).toBeUndefined();
      expect(await hstsFor("127.0.0.2")).toBeUndefined();
      // And the proxy's answer stays its own.
      expect(await hstsFor("127.0.0.1", "https")).toMatch(/^max-age=/);
    } finally {
      await own.close();
    }
  });

  it("never answers, nor keeps, a request with a session", async () => {
    shared.drop();
    const withCookie = await get("/api/game/games?perPage=5", { cookie: "access_token=not-a-token" });
    const withBearer = await get("/api/game/games?perPage=5", { authorization: "Bearer not-a-token" });
    expect([withCookie.given, withBearer.given]).toEqual([false, false]);
    expect(shared.size).toBe(0);
    await get("/api/game/games?perPage=5", { cookie: "locale=en" });
    expect(shared.size).toBe(1);
    // The guest's kept list is not a session's either.
    expect((await get("/api/game/games?perPage=5", { cookie: "access_token=not-a-token" })).given).toBe(
      false,
    );
    expect((await get("/api/game/games?perPage=5")).given).toBe(true);
  });

  it("gives the changed data once the change is announced, not the kept answer", async () => {
    await get("/api/settings/currencies");
    expect((await get("/api/settings/currencies")).given).toBe(true);
    const [eur] = await database.db.select().from(currencies).where(eq(currencies.code, "EUR"));
    await database.db.update(currencies).set({ rate: "0.123456" }).where(eq(currencies.code, "EUR"));
    try {
      await cache.invalidate(SETTINGS_CACHE.name);
      const after = await get("/api/settings/currencies");
      expect(after.given).toBe(false);
      const euro = JSON.parse(after.body.toString()).data.find((c: { code: string }) => c.code === "EUR");
      expect(Number(euro.rate.rate)).toBeCloseTo(0.123456, 6);
    } finally {
      await database.db.update(currencies).set({ rate: eur!.rate }).where(eq(currencies.code, "EUR"));
      await cache.invalidate(SETTINGS_CACHE.name);
    }
  });

  it("shows the next guests a change announced while guests were asking (60 rounds)", async () => {
    const [eur] = await database.db.select().from(currencies).where(eq(currencies.code, "EUR"));
    const rateOf = (body: Buffer) =>
      Number(JSON.parse(body.toString()).data.find((c: { code: string }) => c.code === "EUR").rate.rate);
    try {
      for (let round = 1; round <= 60; round++) {
        const rate = `0.${String(round).padStart(3, "0")}`;
        const asking = Array.from({ length: 6 }, () => get("/api/settings/currencies"));
        await database.db.update(currencies).set({ rate }).where(eq(currencies.code, "EUR"));
        const announced = cache.invalidate(SETTINGS_CACHE.name);
        const more = Array.from({ length: 6 }, () => get("/api/settings/currencies"));
        for (const r of await Promise.all([...asking, ...more])) expect(r.res.status).toBe(200);
        await announced;
        // Whatever was asked meanwhile, the next guest (given a kept answer or not) sees the new rate.
        expect(rateOf((await get("/api/settings/currencies")).body), `round ${round}`).toBeCloseTo(
          Number(rate),
          6,
        );
        expect(rateOf((await get("/api/settings/currencies")).body), `round ${round}`).toBeCloseTo(
          Number(rate),
          6,
        );
      }
    } finally {
      await database.db.update(currencies).set({ rate: eur!.rate }).where(eq(currencies.code, "EUR"));
      await cache.invalidate(SETTINGS_CACHE.name);
    }
  });

  it("does not keep an answer whose request came before a drop (its data may be from before the change)", () => {
    const own = new SharedAnswers();
    own.attach({ log: () => {}, logs: () => true, count: () => {} }, cache);
    const scope = { name: "shared-answers-test", ttlMs: 60_000, maxEntries: 10 };
    /** A guest's request as the socket's handler, then Fastify, see it. */
    const guest = (url: string) => {
      const raw = { method: "GET", url, headers: {}, socket: {} } as IncomingMessage;
      const request = { raw, routeOptions: { url } } as unknown as FastifyRequest;
      const reply = { statusCode: 200, getHeaders: () => ({}), request } as unknown as FastifyReply;
      // It arrives: nothing kept to give, so it goes to the router.
      expect(own.answer(raw, {} as ServerResponse)).toBe(false);
      return () => {
        own.offer(reply, { scope, readAt: performance.now(), body: Buffer.from("{}") });
        own.keep(request, reply);
      };
    };
    // Arrives, reads, is answered: kept.
    guest("/api/x")();
    expect(own.size).toBe(1);
    // Arrives; the data changes and is announced; then it is answered: not kept.
    const answered = guest("/api/y");
    own.drop();
    answered();
    expect(own.size).toBe(0);
  });

  it("at a level above info, counts a shared answer but writes and builds no access line", async () => {
    const quietLines: Record<string, unknown>[] = [];
    const quiet = await buildApp({
      config: loadConfig({ APP_ENV: "test", LOG_LEVEL: "warn" }),
      db: database.db,
      cache: createCache({}),
      logStream: { write: (line) => quietLines.push(JSON.parse(line)) },
    });
    try {
      await quiet.listen({ port: 0, host: "127.0.0.1" });
      const url = `http://127.0.0.1:${(quiet.server.address() as AddressInfo).port}/api/settings/currencies`;
      const read = () => fetch(url, { headers: BR }).then((r) => r.arrayBuffer());
      await read();
      expect(quiet.sharedAnswers!.size).toBe(1);
      // The next two are given from the shared answer, whose line would be written through the app's logger.
      const log = vi.spyOn(quiet.log, "info");
      await read();
      await read();
      expect(log).not.toHaveBeenCalled();
      expect(quietLines.filter((l) => l.msg === "request completed")).toEqual([]);
      const metrics = await (await fetch(url.replace("/api/settings/currencies", "/metrics"))).text();
      expect(metrics).toMatch(
        /http_requests_total\{method="GET",route="\/api\/settings\/currencies",status_class="2xx"\} 3\b/,
      );
    } finally {
      await quiet.close();
    }
  });

  it("stops answering when the app closes, so the closing gate refuses new requests", async () => {
    await get("/api/settings/currencies");
    expect((await get("/api/settings/currencies")).given).toBe(true);
    shared.close();
    expect((await get("/api/settings/currencies")).given).toBe(false);
    expect(shared.size).toBe(0);
  });
});
