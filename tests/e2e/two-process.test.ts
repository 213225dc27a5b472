import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { SPORT_CHANNELS } from "#common/realtime";
import { freshPostgresDatabase } from "../../server/test/postgres";
import { useServer } from "./support/base";
import { newPage, watchPageProblems } from "./support/browser";
import { call, hydrated, PLAYER_PASSWORD, registerPlayer, sandboxDeposit } from "./support/player";
import { type RunningServer, startServer } from "./support/server";
import { liveUpdatesConnected, submitSignIn, waitHeaderBalance } from "./support/site";

/**
 * Scale-out (issue 20): the site as several server processes behind a load balancer, on one PostgreSQL and one
 * Redis (docs/operations.md). Two built servers start together on a throw-away database and the Redis: a player
 * signs in on one and deposits on the other, and logging out on the other closes the first one's socket; a rate
 * limit counts across both; a scheduled job's work is done once; the live odds do not cross Redis.
 */
const databaseServer = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const missing = [!databaseServer && "TEST_DATABASE_URL", !redisUrl && "TEST_REDIS_URL"].filter(Boolean);

/** Attempts per account before a 429; low, so the test reaches it with attempts spread over both processes. */
const LOGIN_LIMIT = 4;

if (missing.length > 0) {
  describe("the site on two server processes", () => {
    it("shares PostgreSQL and Redis between two processes", (ctx) => {
      ctx.skip(
        `needs ${missing.join(" and ")} (a PostgreSQL server and a Redis both processes share; CI sets them)`,
      );
    });
  });
} else {
  describe("the site on two server processes", () => {
    let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
    let a: RunningServer;
    let b: RunningServer;

    beforeAll(async () => {
      database = await freshPostgresDatabase();
      // What a deployment sets once for every process (production refuses to start without them): a token or a
      // signed link made by one process must pass on the others.
      const shared = Object.fromEntries(
        ["JWT_SECRET", "COOKIE_SECRET", "PAYMENT_SANDBOX_SECRET", "IDENTITY_SANDBOX_SECRET"].map((n) => [
          n,
          randomBytes(32).toString("hex"),
        ]),
      );
      // Matches on a fast clock, so the built-in feed has live ones whenever the test runs.
      const env = { ...shared, LOGIN_RATE_LIMIT_PER_ACCOUNT: String(LOGIN_LIMIT), SPORTS_CLOCK_SPEED: "60" };
      // Both start at once on the empty database, as a deployment's replicas do: migrations and the demo seed
      // meet, and each runs its at-start jobs.
      [a, b] = await Promise.all([
        startServer({ env, databaseUrl: database.url, redisUrl, quiet: true }),
        startServer({ env, databaseUrl: database.url, redisUrl, quiet: true, reconcile: true }),
      ]);
      useServer(a.baseUrl);
    }, 240_000);

    afterAll(async () => {
      // B last: its stop reconciles the books of everything both did.
      await a?.stop();
      await b?.stop();
      await database?.drop();
    }, 120_000);

    it("both processes are ready on the database and Redis", async () => {
      for (const server of [a, b]) {
        const ready = await fetch(`${server.baseUrl}/ready`);
        expect(await ready.json()).toEqual({
          status: "ok",
          checks: { process: "ok", database: "ok", redis: "ok" },
        });
      }
    });

    it("a player signs in on A; a deposit paid on B reaches A's tab over its websocket", {
      timeout: 120_000,
    }, async () => {
      const player = await registerPlayer("twoproc", b.baseUrl);
      const page = await newPage({ width: 1280 });
      await page.context().addInitScript(() => localStorage.setItem("cookiesAccepted", "1"));
      const problems = watchPageProblems(page);
      // What A's sockets to the tab hear, and whether each has closed.
      const sockets: { frames: string[]; closed: boolean }[] = [];
      page.on("websocket", (ws) => {
        if (!ws.url().startsWith(a.baseUrl.replace(/^http/, "ws"))) return;
        const socket = { frames: [] as string[], closed: false };
        sockets.push(socket);
        ws.on("framereceived", (f) => socket.frames.push(String(f.payload)));
        ws.on("close", () => {
          socket.closed = true;
        });
      });
      await page.goto("/?sign-in=true");
      await hydrated(page);
      const dialog = page.getByTestId("modal-sign-in");
      await dialog.waitFor({ state: "visible", timeout: 20_000 });
      await submitSignIn(dialog, player.email, PLAYER_PASSWORD);
      await dialog.waitFor({ state: "detached", timeout: 20_000 });
      await waitHeaderBalance(page, "0");
      await liveUpdatesConnected(page);

      // The session A opened, used on B: the same token works there (one secret, sessions in the database).
      const cookie = (await page.context().cookies(a.baseUrl)).find((c) => c.name === "access_token");
      expect(cookie?.value).toBeTruthy();
      const token = cookie!.value;
      let navigations = 0;
      page.on("framenavigated", () => navigations++);
      await sandboxDeposit(token, "37", b.baseUrl);

      // B posted the deposit and published the new balance; A's hub heard it over Redis and pushed it to the tab.
      await waitHeaderBalance(page, "37");
      expect(navigations).toBe(0);
      const players = sockets.filter((x) =>
        x.frames.some((f) => f.includes("wallet:accounts#") && /"balance":"37(\.0+)?"/.test(f)),
      );
      expect(players).toHaveLength(1);
      const accounts = await call<{ data: { currency: string; balance: string }[] }>("/api/wallet/accounts", {
        token,
        base: a.baseUrl,
      });
      expect(accounts.data.find((x) => x.currency === "USD")?.balance).toMatch(/^37(\.0+)?$/);
      expect(problems).toEqual([]);

      // Logging out on B closes the session's socket on A at once (the hubs tell each other over Redis), and the
      // tab drops the player.
      await call("/api/player/sessions/logout", { body: {}, token, base: b.baseUrl });
      const deadline = Date.now() + 20_000;
      while (!players[0]!.closed) {
        if (Date.now() > deadline) throw new Error("A kept the socket of a session closed on B");
        await new Promise((r) => setTimeout(r, 100));
      }
      await page.getByTestId("header-balance-amount").waitFor({ state: "detached", timeout: 20_000 });
    });

    it("counts a login rate limit across both processes", { timeout: 60_000 }, async () => {
      const { email } = await registerPlayer("twoproc-limit", a.baseUrl);
      const attempt = async (server: RunningServer) =>
        (
          await fetch(`${server.baseUrl}/api/player/sessions`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ login: email, password: "not-the-password-1" }),
          })
        ).status;
      // LOGIN_LIMIT wrong passwords, taking turns: each process alone has seen only half of them.
      const statuses: number[] = [];
      for (let i = 0; i < LOGIN_LIMIT; i++) statuses.push(await attempt(i % 2 === 0 ? a : b));
      expect(statuses).toEqual(Array(LOGIN_LIMIT).fill(422));
      // The next one is refused wherever it lands, the right password too.
      expect(await attempt(a)).toBe(429);
      const right = await fetch(`${b.baseUrl}/api/player/sessions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ login: email, password: PLAYER_PASSWORD }),
      });
      expect(right.status).toBe(429);
      expect((await right.json()).code).toBe("too_many_requests");
    });

    it("runs the at-start ledger reconciliation once though both processes tried it", {
      timeout: 120_000,
    }, async () => {
      // Each process ran the job or skipped it while the other held its lock (job_runs_total, job_skips_total).
      const ticks = async (server: RunningServer) => {
        const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
        const sample = (name: string) =>
          Number(new RegExp(`^${name}\\{job="ledger-reconciliation"\\} (\\d+)$`, "m").exec(text)?.[1] ?? 0);
        return { runs: sample("job_runs_total"), skips: sample("job_skips_total") };
      };
      const deadline = Date.now() + 90_000;
      let seen = [await ticks(a), await ticks(b)];
      while (seen.some((t) => t.runs + t.skips === 0)) {
        if (Date.now() > deadline) throw new Error(`a process never tried the job: ${JSON.stringify(seen)}`);
        await new Promise((r) => setTimeout(r, 500));
        seen = [await ticks(a), await ticks(b)];
      }
      // Whichever came second found the lock held, or found the books checked moments ago: one check was kept.
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const rows = await client.query<{ n: string }>(
          "select count(*)::text as n from ledger_reconciliations",
        );
        expect(rows.rows[0]!.n).toBe("1");
      } finally {
        await client.end();
      }
    });

    it("serves the live odds from each process's own feed: none of them crosses Redis", {
      timeout: 60_000,
    }, async () => {
      // Every process runs the feed. Were each to publish its changes through Redis, every visitor would hear
      // every change once per process (twice here, from feeds a moment apart): each tells its own visitors.
      const redis = new Redis(redisUrl!);
      const crossed: string[] = [];
      redis.on("pmessage", (_pattern, channel: string) => crossed.push(channel));
      await redis.psubscribe("rt:sport:*");
      const visitor = new WebSocket(`${a.baseUrl.replace(/^http/, "ws")}/api/connection/websocket`);
      try {
        const heard = new Promise<number>((resolve, reject) => {
          let n = 0;
          visitor.on("error", reject);
          visitor.on("message", (raw) => {
            for (const line of String(raw).split("\n").filter(Boolean)) {
              const m = JSON.parse(line) as { push?: { channel: string; pub?: unknown } };
              if (m.push?.channel === SPORT_CHANNELS.live && m.push.pub && ++n === 3) resolve(n);
            }
          });
        });
        await new Promise((resolve) => visitor.once("open", resolve));
        visitor.send(JSON.stringify({ id: 1, connect: { name: "two-process-visitor" } }));
        visitor.send(JSON.stringify({ id: 2, subscribe: { channel: SPORT_CHANNELS.live } }));
        // Three batches of live changes reached A's visitor; meanwhile not one went through Redis.
        expect(await heard).toBe(3);
        expect(crossed).toEqual([]);
      } finally {
        visitor.close();
        redis.disconnect();
      }
    });
  });
}
