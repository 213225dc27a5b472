import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, expect, it, vi } from "vitest";
import { PLAYER_STATUS } from "#common/constants";
import { once, sdkClient } from "../../realtime/test-support";
import { describeEachDb } from "../../test/harness";
import { signAccessToken } from "./access-token";
import { mintLoginToken } from "./login";
import { isSessionLive } from "./sessions";
import { playerSessions, players } from "./tables";
import { caller, freshEmail, freshIp, manualClock, PASSWORD } from "./test-support";

const clock = manualClock();
const SECRET = "accounts-test-secret-accounts-test-secret";
const MINUTE = 60_000;
const DAY = 86_400_000;

describeEachDb(
  "player sessions API",
  (ctx) => {
    const { call, register, login } = caller(() => ctx().app);
    const db = () => ctx().database.db;
    const sessionsOf = (token: string) => call({ method: "GET", url: "/api/player/sessions", token });

    it("logs in by e-mail in any case, answering a token and the profile", async () => {
      const { email, profile } = await register();
      const res = await login(email.toUpperCase());
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        accessToken: expect.any(String),
        profile: { ...profile, isNewlyRegistered: false },
      });
      const payload = JSON.parse(Buffer.from(res.body.accessToken.split(".")[1], "base64url").toString());
      expect(payload.exp - payload.iat).toBe(15 * 60);
      expect(payload.sub).toBe(profile.id);
    });

    it("gives a wrong password, an unknown e-mail and a known e-mail the same answer", async () => {
      const { email } = await register();
      const wrongPassword = await login(email, "not-the-password-1");
      const unknown = await login(freshEmail("nobody"), "not-the-password-1");
      const unknownRight = await login(freshEmail("nobody"), PASSWORD);
      for (const res of [wrongPassword, unknown, unknownRight]) {
        expect(res.status).toBe(422);
        expect(res.body).toEqual({
          code: "invalid_credentials",
          message: "Wrong login or password",
          errors: { password: ["Wrong login or password"] },
        });
      }
    });

    it("refuses the 6th fast attempt on an account with 429, even with the right password", async () => {
      const { email } = await register();
      for (let i = 0; i < 5; i++) expect((await login(email, `wrong-password-${i}`)).status).toBe(422);
      const sixth = await login(email, PASSWORD);
      expect(sixth.status).toBe(429);
      expect(sixth.body).toEqual({
        code: "too_many_requests",
        message: expect.stringMatching(/try again/),
        errors: {},
      });
      // Unknown accounts are limited alike, so the limit tells nothing either.
      const ghost = freshEmail("ghost");
      for (let i = 0; i < 5; i++) await login(ghost, "wrong-password");
      expect((await login(ghost, "wrong-password")).status).toBe(429);
      // After the window the right password works again. The rate limiter library keeps its windows by the
      // system clock, so the test moves that clock with the app's.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 15 * MINUTE });
      try {
        clock.advance(15 * MINUTE);
        expect((await login(email, PASSWORD)).status).toBe(200);
      } finally {
        vi.useRealTimers();
      }
    });

    it("refuses the 6th fast attempt from one address across accounts (LOGIN_RATE_LIMIT_PER_IP=5 here)", async () => {
      const ip = freshIp();
      for (let i = 0; i < 5; i++)
        expect((await login(freshEmail("spray"), "wrong-password", ip)).status).toBe(422);
      expect((await login(freshEmail("spray"), "wrong-password", ip)).status).toBe(429);
    });

    it("lists the live sessions, newest seen first, marking the caller's own", async () => {
      const { email, accessToken: first } = await register();
      clock.advance(2 * MINUTE);
      const second = (await login(email)).body.accessToken as string;
      const res = await sessionsOf(second);
      expect(res.status).toBe(200);
      expect(res.body.meta).toEqual({ page: 1, perPage: 20, totalPages: 1, totalRows: 2 });
      expect(res.body.data.map((s: { current: boolean }) => s.current)).toEqual([true, false]);
      expect(res.body.data[0]).toMatchObject({
        device: "Firefox on Linux",
        ip: expect.stringMatching(/^10\./),
      });
      const paged = await call({ method: "GET", url: "/api/player/sessions?page=2&perPage=1", token: first });
      expect(paged.body.meta).toEqual({ page: 2, perPage: 1, totalPages: 2, totalRows: 2 });
      expect(paged.body.data).toHaveLength(1);
      expect((await call({ method: "GET", url: "/api/player/sessions" })).status).toBe(401);
    });

    it("refuses a closed session's token with 401 at once", async () => {
      const { email, accessToken: a } = await register();
      const b = (await login(email)).body.accessToken as string;
      const list = (await sessionsOf(a)).body.data as { id: string; current: boolean }[];
      const other = list.find((s) => !s.current)!;
      expect(
        (await call({ method: "PUT", url: `/api/player/sessions/${other.id}/close`, token: a })).body,
      ).toEqual({ ok: true });
      const refused = await call({ method: "GET", url: "/api/player/profile", token: b });
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe("unauthorized");
      expect((await sessionsOf(a)).body.meta.totalRows).toBe(1);
      // Closing it again finds nothing.
      expect(
        (await call({ method: "PUT", url: `/api/player/sessions/${other.id}/close`, token: a })).status,
      ).toBe(404);
    });

    it("stops a blocked player's open sessions at their next call (403), and the realtime hub refuses them", async () => {
      const { accessToken, profile } = await register();
      expect((await call({ method: "GET", url: "/api/player/profile", token: accessToken })).status).toBe(
        200,
      );
      await ctx()
        .database.db.update(players)
        .set({ status: PLAYER_STATUS.blocked })
        .where(eq(players.id, BigInt(profile.id)));
      const refused = await call({ method: "GET", url: "/api/player/profile", token: accessToken });
      expect([refused.status, refused.body.code]).toEqual([403, "account_blocked"]);
      const sessionId = JSON.parse(Buffer.from(accessToken.split(".")[1]!, "base64url").toString()).sid;
      expect(await isSessionLive(ctx().database.db, sessionId, new Date())).toBe(false);
    });

    it("does not let a player close another player's session (404, nothing changes)", async () => {
      const victim = await register();
      const attacker = await register();
      const [victimSession] = (await sessionsOf(victim.accessToken)).body.data as { id: string }[];
      const res = await call({
        method: "PUT",
        url: `/api/player/sessions/${victimSession!.id}/close`,
        token: attacker.accessToken,
      });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: "not_found" });
      const [row] = await db().select().from(playerSessions).where(eq(playerSessions.id, victimSession!.id));
      expect(row!.revokedAt).toBeNull();
      expect(
        (await call({ method: "GET", url: "/api/player/profile", token: victim.accessToken })).status,
      ).toBe(200);
      expect(
        (
          await call({
            method: "PUT",
            url: "/api/player/sessions/not-a-uuid/close",
            token: attacker.accessToken,
          })
        ).status,
      ).toBe(404);
    });

    it("closes every other session and keeps the caller's", async () => {
      const { email, accessToken: keep } = await register();
      const others = [
        (await login(email)).body.accessToken,
        (await login(email)).body.accessToken,
      ] as string[];
      const bystander = await register();
      expect((await call({ url: "/api/player/sessions/close-other", token: keep })).body).toEqual({
        ok: true,
      });
      for (const t of others)
        expect((await call({ method: "GET", url: "/api/player/profile", token: t })).status).toBe(401);
      expect((await call({ method: "GET", url: "/api/player/profile", token: keep })).status).toBe(200);
      expect(
        (await call({ method: "GET", url: "/api/player/profile", token: bystander.accessToken })).status,
      ).toBe(200);
    });

    it("logs out: the token is refused afterwards", async () => {
      const { accessToken } = await register();
      expect((await call({ url: "/api/player/sessions/logout", token: accessToken })).body).toEqual({
        ok: true,
      });
      expect((await call({ method: "GET", url: "/api/player/profile", token: accessToken })).status).toBe(
        401,
      );
      expect((await call({ url: "/api/player/sessions/logout" })).status).toBe(401);
    });

    it("refreshes an expired token of a live session, and refuses a closed one", async () => {
      const { accessToken, profile } = await register();
      clock.advance(20 * MINUTE);
      expect((await call({ method: "GET", url: "/api/player/profile", token: accessToken })).status).toBe(
        401,
      );
      const refreshed = await call({ url: "/api/player/sessions/refresh", token: accessToken });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.profile.id).toBe(profile.id);
      const fresh = refreshed.body.accessToken as string;
      expect((await call({ method: "GET", url: "/api/player/profile", token: fresh })).status).toBe(200);
      // Logging out with the fresh token closes the session: the old token no longer refreshes.
      await call({ url: "/api/player/sessions/logout", token: fresh });
      const refused = await call({ url: "/api/player/sessions/refresh", token: accessToken });
      expect(refused.status).toBe(401);
      // A token signed by someone else never refreshes.
      const forged = await signAccessToken(
        "x".repeat(40),
        { playerId: profile.id, sessionId: "00000000-0000-4000-8000-000000000000" },
        { now: clock.now(), ttlSeconds: 60 },
      );
      expect((await call({ url: "/api/player/sessions/refresh", token: forged })).status).toBe(401);
    });

    it("keeps a session refreshable for 365 days and no longer", async () => {
      const { accessToken } = await register();
      clock.advance(364 * DAY);
      const late = await call({ url: "/api/player/sessions/refresh", token: accessToken });
      expect(late.status).toBe(200);
      clock.advance(2 * DAY);
      expect((await call({ url: "/api/player/sessions/refresh", token: late.body.accessToken })).status).toBe(
        401,
      );
    });

    it("marks a session seen at most once a minute", async () => {
      const { accessToken } = await register();
      const id = (await sessionsOf(accessToken)).body.data[0].id as string;
      const seen = async () =>
        (await db().select().from(playerSessions).where(eq(playerSessions.id, id)))[0]!.lastSeenAt.getTime();
      const start = await seen();
      clock.advance(30_000);
      await sessionsOf(accessToken);
      expect(await seen()).toBe(start);
      clock.advance(31_000);
      await sessionsOf(accessToken);
      expect(await seen()).toBe(clock.now().getTime());
    });

    it("logs in once with a one-time login token", async () => {
      const { profile } = await register();
      const token = await mintLoginToken(
        { db: db(), clock, config: { COOKIE_SECRET: SECRET } as never },
        BigInt(profile.id),
      );
      const res = await call({ url: "/api/player/sessions/token", body: { token, fingerprint: "fp" } });
      expect(res.status).toBe(200);
      expect(res.body.profile.id).toBe(profile.id);
      const reused = await call({ url: "/api/player/sessions/token", body: { token } });
      expect(reused).toMatchObject({
        status: 422,
        body: { code: "invalid_login_token", errors: { token: [expect.any(String)] } },
      });
      const expired = await mintLoginToken(
        { db: db(), clock, config: { COOKIE_SECRET: SECRET } as never },
        BigInt(profile.id),
      );
      clock.advance(5 * MINUTE + 1000);
      expect((await call({ url: "/api/player/sessions/token", body: { token: expired } })).status).toBe(422);
      expect((await call({ url: "/api/player/sessions/token", body: { token: "garbage" } })).status).toBe(
        422,
      );
    });

    const sockets: { disconnect(): void }[] = [];
    afterAll(() => {
      for (const s of sockets) s.disconnect();
    });

    it("drops a closed session's websocket and refuses it on reconnect", async () => {
      const app = ctx().app;
      if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
      const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/connection/websocket`;
      const { email, accessToken } = await register();
      const other = (await login(email)).body.accessToken as string;
      // The hub checks tokens against the real time; sign the ones it sees at the real now.
      const live = (await call({ url: "/api/player/sessions/refresh", token: other })).body
        .accessToken as string;
      const ws = sdkClient(url, { token: live });
      sockets.push(ws);
      ws.connect();
      await once(ws, "connected");
      const dropped = once<{ code: number; reason: string }>(ws, "disconnected");
      const list = (await sessionsOf(accessToken)).body.data as { id: string; current: boolean }[];
      await call({
        method: "PUT",
        url: `/api/player/sessions/${list.find((s) => !s.current)!.id}/close`,
        token: accessToken,
      });
      expect(await dropped).toMatchObject({ code: 3503 });

      // A fresh socket with the closed session's token is refused on connect.
      const again = sdkClient(url, { token: live });
      sockets.push(again);
      const refused = once<{ code: number }>(again, "disconnected");
      again.connect();
      expect((await refused).code).toBe(3500);
    });
  },
  { clock, env: { COOKIE_SECRET: SECRET, JWT_SECRET: SECRET, LOGIN_RATE_LIMIT_PER_IP: "5" } },
);
