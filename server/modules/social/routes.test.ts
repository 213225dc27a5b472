import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sign } from "@telegram-apps/init-data-node";
import { eq } from "drizzle-orm";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, expect, it } from "vitest";
import { PLAYER_STATUS } from "#common/constants";
import { describeEachDb } from "../../test/harness";
import { players } from "../player/tables";
import { caller, manualClock } from "../player/test-support";

const BOT_TOKEN = "7001002003:TEST-bot-token-for-the-casino";
const clock = manualClock();

/** A minimal OpenID provider: discovery and keys over HTTP, ID tokens signed here with its RSA key. */
let issuer = "";
let server: Server;
let keys: Awaited<ReturnType<typeof generateKeyPair>>;
beforeAll(async () => {
  keys = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  server = createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    if (req.url === "/.well-known/openid-configuration")
      res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
    else if (req.url === "/jwks") res.end(JSON.stringify({ keys: [jwk] }));
    else res.writeHead(404).end("{}");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.TEST_OIDC_ISSUER = issuer;
});
afterAll(() => server.close());

function idToken(
  claims: Record<string, unknown>,
  opts: { aud?: string | string[]; iss?: string; expIn?: number; alg?: string } = {},
) {
  const iat = Math.floor(clock.now().getTime() / 1000);
  return new SignJWT({ nonce: "n-1", ...claims })
    .setProtectedHeader({ alg: opts.alg ?? "RS256", kid: "k1" })
    .setIssuer(opts.iss ?? issuer)
    .setAudience(opts.aud ?? "casino-web")
    .setIssuedAt(iat)
    .setExpirationTime(iat + (opts.expIn ?? 300))
    .sign(keys.privateKey);
}

const tgPayload = (id: number, username = "sailor") =>
  sign(
    { user: { id, first_name: "Ana", username, language_code: "pt" }, auth_date: clock.now() } as never,
    BOT_TOKEN,
    clock.now(),
  );

describeEachDb(
  "messenger and social login API",
  (ctx) => {
    const { call, register } = caller(() => ctx().app);
    const oidcEnv = () => ({ provider: "test-idp" });

    it("creates a Telegram player once, then logs the same player in", async () => {
      const first = await call({
        url: "/api/player/tg_login",
        headers: { "cf-ipcountry": "BR" },
        body: { tg_payload: tgPayload(501), affiliateTag: "aff-1" },
      });
      expect(first.status).toBe(200);
      expect(first.body.profile).toMatchObject({
        nickname: "sailor",
        tgUserId: "501",
        email: null,
        isNewlyRegistered: true,
        language: "pt-br",
      });
      // A messenger sign-up has no form: the wallet opens in the country's currency.
      const accounts = await call({
        method: "GET",
        url: "/api/wallet/accounts",
        token: first.body.accessToken,
      });
      expect(accounts.body.data).toEqual([expect.objectContaining({ currency: "BRL", isCurrent: true })]);
      const second = await call({ url: "/api/player/tg_login", body: { tg_payload: tgPayload(501) } });
      expect(second.body.profile).toMatchObject({ id: first.body.profile.id, isNewlyRegistered: false });
      const connections = await call({
        method: "GET",
        url: "/api/player/social-connections",
        token: second.body.accessToken,
      });
      expect(connections.body.data).toEqual([
        expect.objectContaining({ socialType: "telegram", displayName: "sailor" }),
      ]);
    });

    it("refuses tampered or stale initData with 401 telegram_auth_error, and a blocked player with 403", async () => {
      const tampered = tgPayload(502).replace("sailor", "admin");
      expect(await call({ url: "/api/player/tg_login", body: { tg_payload: tampered } })).toMatchObject({
        status: 401,
        body: { code: "telegram_auth_error" },
      });
      const twoDaysAgo = new Date(clock.now().getTime() - 2 * 86_400_000);
      // sign's last argument is the auth_date it signs.
      const stale = sign({ user: { id: 502 } } as never, BOT_TOKEN, twoDaysAgo);
      expect((await call({ url: "/api/player/tg_login", body: { tg_payload: stale } })).status).toBe(401);
      const created = await call({ url: "/api/player/tg_login", body: { tg_payload: tgPayload(503) } });
      await ctx()
        .database.db.update(players)
        .set({ status: PLAYER_STATUS.blocked })
        .where(eq(players.id, BigInt(created.body.profile.id)));
      expect(await call({ url: "/api/player/tg_login", body: { tg_payload: tgPayload(503) } })).toMatchObject(
        {
          status: 403,
          body: { code: "account_blocked" },
        },
      );
    });

    it("syncs the messenger user only for the player it belongs to", async () => {
      const a = await call({ url: "/api/player/tg_login", body: { tg_payload: tgPayload(504, "first") } });
      const b = await call({ url: "/api/player/tg_login", body: { tg_payload: tgPayload(505) } });
      const ok = await call({
        method: "PUT",
        url: "/api/tg-bot/users",
        body: { tg_payload: tgPayload(504, "renamed") },
        token: a.body.accessToken,
      });
      expect(ok.status).toBe(200);
      const foreign = await call({
        method: "PUT",
        url: "/api/tg-bot/users",
        body: { tg_payload: tgPayload(504) },
        token: b.body.accessToken,
      });
      expect(foreign.status).toBe(403);
    });

    it("signs in with an OpenID provider's ID token: creates the player, then finds the same one", async () => {
      const token = await idToken({
        sub: "idp-user-1",
        email: "Mariana.Costa@example.com",
        email_verified: true,
      });
      const first = await call({
        url: "/api/player/sessions/social",
        body: { ...oidcEnv(), idToken: token, nonce: "n-1" },
      });
      expect(first.status).toBe(200);
      expect(first.body.profile).toMatchObject({
        email: "Mariana.Costa@example.com",
        emailVerified: true,
        isNewlyRegistered: true,
      });
      const again = await call({
        url: "/api/player/sessions/social",
        body: { ...oidcEnv(), idToken: token, nonce: "n-1" },
      });
      expect(again.body.profile.id).toBe(first.body.profile.id);
    });

    it("refuses ID tokens that break the rules of spec point 5", async () => {
      const bad = [
        await idToken({ sub: "u2" }, { aud: "someone-else" }),
        await idToken({ sub: "u2" }, { iss: "http://evil.example" }),
        await idToken({ sub: "u2", nonce: "other" }),
        await idToken({ sub: "u2" }, { expIn: -120 }),
        await idToken({ sub: "u2" }, { aud: ["casino-web", "other-app"] }), // several audiences, no azp
        `${(await idToken({ sub: "u2" })).slice(0, -4)}AAAA`,
      ];
      for (const idTokenValue of bad) {
        const res = await call({
          url: "/api/player/sessions/social",
          body: { ...oidcEnv(), idToken: idTokenValue, nonce: "n-1" },
        });
        expect([res.status, res.body.code]).toEqual([401, "social_auth_error"]);
      }
      const withAzp = await idToken({ sub: "u3", azp: "casino-web" }, { aud: ["casino-web", "other-app"] });
      expect(
        (
          await call({
            url: "/api/player/sessions/social",
            body: { ...oidcEnv(), idToken: withAzp, nonce: "n-1" },
          })
        ).status,
      ).toBe(200);
    });

    it("links and unlinks, but never the last way in", async () => {
      const viaTelegram = await call({ url: "/api/player/tg_login", body: { tg_payload: tgPayload(506) } });
      const token = viaTelegram.body.accessToken;
      const idp = await idToken({ sub: "idp-506", email: "t506@example.com", email_verified: true });
      const linked = await call({
        url: "/api/player/social-connections/test-idp",
        body: { idToken: idp, nonce: "n-1" },
        token,
      });
      expect(linked.body.data.map((c: { socialType: string }) => c.socialType).sort()).toEqual([
        "telegram",
        "test-idp",
      ]);
      expect(
        (
          await call({
            url: "/api/player/social-connections/unlink",
            body: { socialType: "telegram" },
            token,
          })
        ).status,
      ).toBe(200);
      const last = await call({
        url: "/api/player/social-connections/unlink",
        body: { socialType: "test-idp" },
        token,
      });
      expect([last.status, last.body.code]).toEqual([409, "last_login_method"]);
      // A player with an e-mail and a password may drop every link.
      const withPassword = await register();
      const idp2 = await idToken({ sub: "idp-pw", email: "other@example.com" });
      await call({
        url: "/api/player/social-connections/test-idp",
        body: { idToken: idp2, nonce: "n-1" },
        token: withPassword.accessToken,
      });
      expect(
        (
          await call({
            url: "/api/player/social-connections/unlink",
            body: { socialType: "test-idp" },
            token: withPassword.accessToken,
          })
        ).status,
      ).toBe(200);
      // An identity linked to one player cannot be linked to another.
      const stolen = await call({
        url: "/api/player/social-connections/test-idp",
        body: { idToken: idp, nonce: "n-1" },
        token: withPassword.accessToken,
      });
      expect(stolen.status).toBe(409);
    });

    it("tells the site which providers to offer, without secrets", async () => {
      const res = await call({ method: "GET", url: "/api/player/social-providers" });
      expect(res.body).toEqual({
        providers: [
          {
            id: "test-idp",
            name: "Test IdP",
            issuer,
            clientId: "casino-web",
            scope: "openid profile email",
            refreshTokens: false,
            refreshTokensFallback: false,
            logout: null,
          },
        ],
        telegram: { botUsername: "lucky_harbor_bot", newsChannel: "lucky_harbor_news" },
      });
    });
  },
  {
    clock,
    get env() {
      return {
        TELEGRAM_BOT_TOKEN: BOT_TOKEN,
        TELEGRAM_BOT_USERNAME: "lucky_harbor_bot",
        TELEGRAM_NEWS_CHANNEL: "lucky_harbor_news",
        OIDC_PROVIDERS: JSON.stringify([
          { id: "test-idp", name: "Test IdP", issuer, clientId: "casino-web" },
        ]),
      };
    },
  },
);
