import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import type { Database } from "../../db/client";
import { createRateLimiter, type RateLimiter } from "../../lib/rate-limit";
import { describeEachDb, openTestDatabase } from "../../test/harness";
import { heapAfterGc } from "../../test/heap";
import { caller, freshEmail, freshIp, PASSWORD } from "./test-support";

/**
 * Issue #35, decision 0038: what a caller types never sizes the server's state. A 400 KB `login` from one
 * address grew Redis by ~140 MB in 300 requests (and the process by ~150 MB without Redis), as each became a
 * rate-limit key, and keys were counted even after the address was refused.
 */

const ATTEMPTS = 120;
const HUGE = 200_000; // random bytes, hex: a 400 KB login

async function appWith(limiter: RateLimiter): Promise<{ app: FastifyInstance; database: Database }> {
  const database = await openTestDatabase("pglite");
  const config = loadConfig({ APP_ENV: "test", LOG_LEVEL: "silent", BEHIND_CLOUDFLARE: "true" });
  const app = await buildApp({ config, db: database.db, limiter });
  await app.ready();
  return { app, database };
}

/** Logins from one address, each with another 400 KB login; every answer is a 4xx in the one shape. */
async function hugeLogins(app: FastifyInstance) {
  const ip = freshIp();
  const statuses = new Set<number>();
  for (let i = 0; i < ATTEMPTS; i++) {
    const res = await app.inject({
      method: "POST",
      url: "/api/player/sessions",
      headers: { "cf-connecting-ip": ip },
      payload: { login: `${randomBytes(HUGE).toString("hex")}@example.com`, password: "wrong-password" },
    });
    statuses.add(res.statusCode);
    expect(res.json()).toMatchObject({ code: expect.any(String), errors: expect.any(Object) });
  }
  return statuses;
}

describe("rate-limit keys under 400 KB logins", () => {
  it(`keep the in-memory store's heap flat over ${ATTEMPTS} logins (was ~400 KB retained a login)`, async () => {
    const { app, database } = await appWith(createRateLimiter({}));
    try {
      await hugeLogins(app); // warms every code path once
      const before = heapAfterGc();
      const statuses = await hugeLogins(app);
      const grown = heapAfterGc() - before;
      expect([...statuses].every((s) => s >= 400 && s < 500)).toBe(true);
      // 120 logins of 400 KB retained would be 48 MB; allow the noise of a test process.
      expect(grown).toBeLessThan(8 * 1024 * 1024);
    } finally {
      await app.close();
      await database.close();
    }
  }, 120_000);

  const redisUrl = process.env.TEST_REDIS_URL;
  it.runIf(redisUrl)(
    `keep Redis's keys small over ${ATTEMPTS} logins`,
    async () => {
      const redis = new Redis(redisUrl!);
      const prefix = `test:rlb:${randomBytes(4).toString("hex")}`;
      const { app, database } = await appWith(createRateLimiter({ redis, prefix }));
      try {
        await hugeLogins(app);
        let keys: string[] = [];
        let cursor = "0";
        do {
          const [next, batch] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 1000);
          cursor = next;
          keys = keys.concat(batch);
        } while (cursor !== "0");
        const keyBytes = keys.reduce((n, k) => n + Buffer.byteLength(k), 0);
        let memory = 0;
        for (const k of keys) memory += (await redis.memory("USAGE", k)) ?? 0;
        // Today: a key of 400 KB a login. Bounded: a handful of counters of under 100 bytes each.
        expect(keys.every((k) => k.length < 100)).toBe(true);
        expect(keyBytes).toBeLessThan(ATTEMPTS * 100);
        expect(memory).toBeLessThan(ATTEMPTS * 200);
        if (keys.length) await redis.del(...keys);
      } finally {
        await app.close();
        await database.close();
        redis.disconnect();
      }
    },
    120_000,
  );
});

describeEachDb(
  "per-IP limits first, profile changes limited",
  (ctx) => {
    const { call, register, login } = caller(() => ctx().app);

    it("counts nothing against an account once the address is refused", async () => {
      const { email } = await register();
      const ip = freshIp();
      const answers: number[] = [];
      for (let i = 0; i < 12; i++) answers.push((await login(email, "wrong-password", ip)).status);
      // The address's 3 attempts are counted against the account too (3 of its 5), then the address is stopped.
      expect(answers.slice(0, 3)).toEqual([422, 422, 422]);
      expect(new Set(answers.slice(3))).toEqual(new Set([429]));
      // The 9 refused attempts did not lock the account: from another address the right password logs in
      // (it would be the 6th count against the account otherwise, over LOGIN_RATE_LIMIT_PER_ACCOUNT=5).
      expect((await login(email, PASSWORD, freshIp())).status).toBe(200);
    });

    it("refuses the 11th e-mail change of an hour with 429 and retry-after, and the 429 changes nothing", async () => {
      const victim = await register();
      const { accessToken, email } = await register();
      const ip = freshIp();
      const answers: { status: number; retry?: string; message?: string }[] = [];
      for (let i = 0; i < 60; i++) {
        const res = await call({
          method: "PUT",
          url: "/api/player/profile",
          token: accessToken,
          ip,
          body: { email: victim.email },
        });
        answers.push({ status: res.status, retry: res.headers["retry-after"] as string | undefined });
      }
      expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(422));
      expect(answers.slice(10).every((a) => a.status === 429 && Number(a.retry) > 0)).toBe(true);
      // Refused: even a free address is not taken, and the profile keeps its e-mail.
      const free = await call({
        method: "PUT",
        url: "/api/player/profile",
        token: accessToken,
        ip: freshIp(),
        body: { email: freshEmail("free"), firstName: "Changed" },
      });
      expect(free).toMatchObject({ status: 429, body: { code: "too_many_requests", errors: {} } });
      const profile = await call({ method: "GET", url: "/api/player/profile", token: accessToken });
      expect(profile.body).toMatchObject({ email, firstName: null });
      // Other fields are not counted.
      const name = await call({
        method: "PUT",
        url: "/api/player/profile",
        token: accessToken,
        body: { firstName: "Marta" },
      });
      expect(name).toMatchObject({ status: 200, body: { firstName: "Marta" } });
    });

    it("refuses changes of e-mail from one address past PROFILE_RATE_LIMIT_PER_IP, over all its players", async () => {
      const victim = await register();
      const ip = freshIp();
      const statuses: number[] = [];
      for (let p = 0; p < 4; p++) {
        const { accessToken } = await register();
        for (let i = 0; i < 8; i++) {
          const res = await call({
            method: "PUT",
            url: "/api/player/profile",
            token: accessToken,
            ip,
            body: { email: victim.email },
          });
          statuses.push(res.status);
        }
      }
      // 30 from the address answer (no player passed 10), the 31st and 32nd are refused.
      expect(statuses.slice(0, 30)).toEqual(Array(30).fill(422));
      expect(statuses.slice(30)).toEqual([429, 429]);
    });
  },
  { env: { LOGIN_RATE_LIMIT_PER_IP: "3" } },
);
