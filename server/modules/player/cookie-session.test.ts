import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { SITE_HEADER } from "#common/session-cookie";
import { sessionCookieSecure } from "../../http/session-cookie";
import { once, sdkClient } from "../../realtime/test-support";
import { describeEachDb } from "../../test/harness";
import { mintLoginToken } from "./login";
import { caller, freshEmail, manualClock, PASSWORD } from "./test-support";

/**
 * Decision 0037: the session token lives in an HttpOnly cookie the server sets; the site never reads it, and a
 * state-changing call authenticated by that cookie must come from the site.
 */
const SITE = "https://casino.example";
const SECRET = "cookie-session-test-secret-cookie-session";
const YEAR_S = 365 * 24 * 60 * 60;
const clock = manualClock(Date.now());

type SetCookie = {
  name: string;
  value: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  path?: string;
  maxAge?: number;
};

/** The Set-Cookie headers of an answer, parsed. */
function cookiesOf(headers: Record<string, unknown>): Record<string, SetCookie> {
  const raw = headers["set-cookie"];
  const lines = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
  const out: Record<string, SetCookie> = {};
  for (const line of lines as string[]) {
    const [pair, ...attrs] = line.split(";").map((s) => s.trim());
    const eq = pair!.indexOf("=");
    const c: SetCookie = { name: pair!.slice(0, eq), value: decodeURIComponent(pair!.slice(eq + 1)) };
    for (const a of attrs) {
      const [k, v] = a.split("=");
      const key = k!.toLowerCase();
      if (key === "httponly") c.httpOnly = true;
      else if (key === "secure") c.secure = true;
      else if (key === "samesite") c.sameSite = v;
      else if (key === "path") c.path = v;
      else if (key === "max-age") c.maxAge = Number(v);
    }
    out[c.name] = c;
  }
  return out;
}

const siteHeaders = { origin: SITE, [SITE_HEADER]: "fetch" };

describeEachDb(
  "cookie session",
  (ctx) => {
    const { call, register } = caller(() => ctx().app);
    /** A call as the site's page makes it: the cookie, the site's header, its origin. */
    const asSite = (token: string, c: Parameters<typeof call>[0], headers: Record<string, string> = {}) =>
      call({ ...c, headers: { cookie: `access_token=${token}`, ...siteHeaders, ...headers } });

    const expectSessionCookie = (headers: Record<string, unknown>) => {
      const cookies = cookiesOf(headers);
      const token = cookies.access_token;
      expect(token).toMatchObject({
        httpOnly: true,
        secure: true,
        sameSite: "Lax",
        path: "/",
        maxAge: YEAR_S,
      });
      expect(token!.value.split(".")).toHaveLength(3);
      // The marker the site reads for its refresh: the token's expiry only, never the token.
      const marker = cookies.access_token_expires;
      expect(marker).toMatchObject({ secure: true, sameSite: "Lax", path: "/", maxAge: YEAR_S });
      expect(marker!.httpOnly).toBeUndefined();
      const exp = JSON.parse(Buffer.from(token!.value.split(".")[1]!, "base64url").toString()).exp;
      expect(marker!.value).toBe(String(exp));
      return token!.value;
    };

    it("sets the token cookie HttpOnly, Secure, SameSite=Lax on registration, login, token login and refresh", async () => {
      const email = freshEmail();
      const reg = await call({
        url: "/api/player/register",
        body: { email, password: PASSWORD, password_confirmation: PASSWORD, agreements: true },
        headers: siteHeaders,
      });
      expect(reg.status).toBe(201);
      expectSessionCookie(reg.headers);
      // The site's own calls never carry the token in a body a script could read.
      expect(reg.body.accessToken).toBeUndefined();
      expect(reg.body.profile.email).toBe(email);

      const login = await call({
        url: "/api/player/sessions",
        body: { login: email, password: PASSWORD },
        headers: siteHeaders,
      });
      expect(login.status).toBe(200);
      const token = expectSessionCookie(login.headers);
      expect(login.body.accessToken).toBeUndefined();

      const profileId = BigInt(reg.body.profile.id);
      const once = await mintLoginToken(
        { db: ctx().database.db, clock, config: { COOKIE_SECRET: SECRET } as never },
        profileId,
      );
      const tokenLogin = await call({
        url: "/api/player/sessions/token",
        body: { token: once },
        headers: siteHeaders,
      });
      expect(tokenLogin.status).toBe(200);
      expectSessionCookie(tokenLogin.headers);
      expect(tokenLogin.body.accessToken).toBeUndefined();

      // Refresh by the cookie alone (an expired token too: the session row decides).
      clock.advance(16 * 60_000);
      const refreshed = await asSite(token, { url: "/api/player/sessions/refresh", body: {} });
      expect(refreshed.status).toBe(200);
      const next = expectSessionCookie(refreshed.headers);
      expect(next).not.toBe(token);
      expect(refreshed.body.accessToken).toBeUndefined();
      expect(refreshed.body.profile.id).toBe(reg.body.profile.id);
    });

    it("still answers the token in the body to an API client (bearer), and sets the cookie there too", async () => {
      const res = await call({
        url: "/api/player/register",
        body: { email: freshEmail(), password: PASSWORD, password_confirmation: PASSWORD, agreements: true },
      });
      expect(res.status).toBe(201);
      expect(res.body.accessToken).toEqual(expect.any(String));
      expect(expectSessionCookie(res.headers)).toBe(res.body.accessToken);
    });

    it("authenticates a call by the cookie alone", async () => {
      const { accessToken, profile } = await register();
      const res = await call({
        method: "GET",
        url: "/api/player/profile",
        headers: { cookie: `access_token=${accessToken}` },
      });
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(profile.id);
    });

    it("refuses a cookie-authenticated change from another origin with 403 and changes nothing", async () => {
      const { email, accessToken } = await register();
      await call({ url: "/api/player/sessions", body: { login: email, password: PASSWORD } });
      const live = async () =>
        (await call({ method: "GET", url: "/api/player/sessions", token: accessToken })).body.meta.totalRows;
      expect(await live()).toBe(2);

      const foreign = await asSite(
        accessToken,
        { url: "/api/player/sessions/close-other", body: {} },
        { origin: "https://evil.example" },
      );
      expect(foreign.status).toBe(403);
      expect(foreign.body).toEqual({ code: "cross_site_request", message: expect.any(String), errors: {} });
      // A browser's own word for it, even with no Origin.
      const crossSite = await call({
        url: "/api/player/sessions/close-other",
        body: {},
        headers: {
          cookie: `access_token=${accessToken}`,
          [SITE_HEADER]: "fetch",
          "sec-fetch-site": "cross-site",
        },
      });
      expect(crossSite.status).toBe(403);
      // A plain form post (no header only the site sends) from nowhere in particular.
      const formPost = await call({
        url: "/api/player/sessions/close-other",
        body: {},
        headers: { cookie: `access_token=${accessToken}` },
      });
      expect(formPost.status).toBe(403);
      expect(formPost.body.code).toBe("cross_site_request");
      const foreignLogout = await asSite(
        accessToken,
        { url: "/api/player/sessions/logout", body: {} },
        { origin: "https://evil.example" },
      );
      expect(foreignLogout.status).toBe(403);
      expect(await live()).toBe(2);

      const own = await asSite(accessToken, { url: "/api/player/sessions/close-other", body: {} });
      expect(own.status).toBe(200);
      expect(await live()).toBe(1);
    });

    it("needs no origin check for a bearer call (a script elsewhere cannot send the header)", async () => {
      const { accessToken } = await register();
      const res = await call({
        url: "/api/player/sessions/close-other",
        body: {},
        token: accessToken,
        headers: { origin: "https://evil.example" },
      });
      expect(res.status).toBe(200);
    });

    it("serves a stale cookie on a guest-friendly call as a guest instead of refusing it", async () => {
      const res = await call({
        method: "GET",
        url: "/api/game/games",
        headers: { cookie: "access_token=not.a.token" },
      });
      expect(res.status).toBe(200);
    });

    it("logout clears both cookies and closes the session", async () => {
      const { accessToken } = await register();
      const out = await asSite(accessToken, { url: "/api/player/sessions/logout", body: {} });
      expect(out.status).toBe(200);
      const cookies = cookiesOf(out.headers);
      expect(cookies.access_token).toMatchObject({ value: "", maxAge: 0, path: "/", httpOnly: true });
      expect(cookies.access_token_expires).toMatchObject({ value: "", maxAge: 0, path: "/" });
      expect((await call({ method: "GET", url: "/api/player/profile", token: accessToken })).status).toBe(
        401,
      );
      // A refused refresh (the session is gone) clears them as well, so the browser stops sending a dead token.
      const again = await asSite(accessToken, { url: "/api/player/sessions/refresh", body: {} });
      expect(again.status).toBe(401);
      expect(cookiesOf(again.headers).access_token).toMatchObject({ value: "", maxAge: 0 });
    });

    const sockets: { disconnect(): void }[] = [];
    afterAll(() => {
      for (const s of sockets) s.disconnect();
    });

    it("gives the realtime client a short connection token, good for the hub and for nothing else", async () => {
      const app = ctx().app;
      if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
      const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/connection/websocket`;
      const { accessToken } = await register();
      // Signed at the real now: the hub checks tokens against the real time.
      clock.set(Date.now());
      const live = (await call({ url: "/api/player/sessions/refresh", body: {}, token: accessToken })).body
        .accessToken;
      const res = await asSite(live, { url: "/api/player/sessions/realtime-token", body: {} });
      expect(res.status).toBe(200);
      const { token, expiresIn } = res.body as { token: string; expiresIn: number };
      expect(token).not.toBe(live);
      expect(expiresIn).toBeGreaterThan(0);
      expect(expiresIn).toBeLessThanOrEqual(5 * 60);
      // Not a session token: the API refuses it, as bearer and as cookie.
      expect((await call({ method: "GET", url: "/api/player/profile", token })).status).toBe(401);
      expect(
        (
          await call({
            method: "GET",
            url: "/api/player/profile",
            headers: { cookie: `access_token=${token}` },
          })
        ).status,
      ).toBe(401);
      expect((await call({ url: "/api/player/sessions/refresh", body: {}, token })).status).toBe(401);

      const ws = sdkClient(url, { token });
      sockets.push(ws);
      ws.connect();
      await once(ws, "connected");
    });
  },
  { clock, env: { COOKIE_SECRET: SECRET, JWT_SECRET: SECRET, PUBLIC_URL: SITE } },
);

describe("the Secure attribute", () => {
  it("is set over https and in production, left off only for plain-http development and tests", () => {
    expect(sessionCookieSecure({ APP_ENV: "test", publicUrl: "https://casino.example" })).toBe(true);
    expect(sessionCookieSecure({ APP_ENV: "test", publicUrl: "http://127.0.0.1:3000" })).toBe(false);
    expect(sessionCookieSecure({ APP_ENV: "development", publicUrl: "http://localhost:3000" })).toBe(false);
    expect(sessionCookieSecure({ APP_ENV: "production", publicUrl: "http://casino.example" })).toBe(true);
  });
});
