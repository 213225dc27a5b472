import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDb } from "../../test/harness";
import { players } from "../player/tables";
import { caller } from "../player/test-support";
import { pushSubscriptions } from "./tables";
import { b64u, browserKeys, decrypt, pushService, verifyVapid } from "./test-support";

const OPERATOR = "operator-token-operator-token";

/** A Bot API on loopback recording sendMessage calls. */
function botApi() {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      calls.push({ path: req.url ?? "", body: JSON.parse(body) });
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ ok: true, result: { message_id: calls.length } }));
    });
  });
  return { calls, server };
}

const service = pushService();
const bot = botApi();
await new Promise<void>((r) => service.server.listen(0, "127.0.0.1", r));
await new Promise<void>((r) => bot.server.listen(0, "127.0.0.1", r));
const botUrl = `http://127.0.0.1:${(bot.server.address() as AddressInfo).port}`;

afterAll(async () => {
  service.server.close();
  bot.server.close();
});

describeEachDb(
  "Web Push and the bot",
  (ctx) => {
    const { call, register } = caller(() => ctx().app);
    let publicKey: string;
    beforeAll(async () => {
      publicKey = (await call({ method: "GET", url: "/api/notification/web-push/key" })).body.data.publicKey;
    });
    const push = (playerIds: string[], key: string, title = "Cashback is here") =>
      call({
        url: "/api/notification/operator/broadcasts",
        body: {
          idempotencyKey: key,
          channel: "push",
          segment: { playerIds },
          title: { en: title },
          body: { en: "Claim it today" },
          url: "/bonuses",
        },
        headers: { authorization: `Bearer ${OPERATOR}` },
      });

    it("sends a push signed with the VAPID key and encrypted for the browser", async () => {
      expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      const { accessToken: token, profile } = await register();
      const keys = browserKeys();
      const endpoint = `${service.url()}/push/${profile.id}`;
      const sub = await call({
        url: "/api/notification/web-push/subscriptions",
        body: { endpoint, keys: { p256dh: b64u(keys.ecdh.getPublicKey()), auth: b64u(keys.auth) } },
        token,
      });
      expect(sub.body.data).toEqual({ subscribed: true, devices: 1 });

      const before = service.received.length;
      expect((await push([profile.id], `vapid-${profile.id}`)).status).toBe(201);
      await service.next(before + 1);
      const got = service.received[before]!;
      expect(got.path).toBe(`/push/${profile.id}`);
      expect(got.headers["content-encoding"]).toBe("aes128gcm");
      expect(Number(got.headers.ttl)).toBeGreaterThan(0);

      // Authorization: vapid t=<JWT>, k=<the application server's public key> (RFC 8292).
      const vapid = await verifyVapid(String(got.headers.authorization), publicKey, service.url());
      expect(vapid.alg).toBe("ES256");
      expect(vapid.sub).toMatch(/^mailto:|^https:/);
      expect(vapid.exp! * 1000).toBeGreaterThan(Date.now());

      expect(JSON.parse(decrypt(got.body, keys))).toEqual({
        id: expect.any(String),
        title: "Cashback is here",
        body: "Claim it today",
        url: expect.stringMatching(/\/bonuses$/),
      });
      // And it is in the player's push list.
      const list = await call({ method: "GET", url: "/api/notification/pushes", token });
      expect(list.body.data[0]).toMatchObject({ title: "Cashback is here", state: 1 });
    });

    it("forgets a device the push service says is gone, and keeps the others", async () => {
      const { accessToken: token, profile } = await register();
      const subscribe = (path: string) => {
        const keys = browserKeys();
        return call({
          url: "/api/notification/web-push/subscriptions",
          body: {
            endpoint: `${service.url()}${path}`,
            keys: { p256dh: b64u(keys.ecdh.getPublicKey()), auth: b64u(keys.auth) },
          },
          token,
        });
      };
      await subscribe(`/gone/${profile.id}`);
      expect((await subscribe(`/push/phone-${profile.id}`)).body.data.devices).toBe(2);
      const before = service.received.length;
      await push([profile.id], `gone-${profile.id}`);
      await service.next(before + 2);
      await expect
        .poll(async () =>
          (
            await ctx()
              .database.db.select({ endpoint: pushSubscriptions.endpoint })
              .from(pushSubscriptions)
              .where(eq(pushSubscriptions.playerId, BigInt(profile.id)))
          ).map((s) => s.endpoint),
        )
        .toEqual([`${service.url()}/push/phone-${profile.id}`]);
      const status = await call({ method: "GET", url: "/api/notification/web-push/subscriptions", token });
      expect(status.body.data).toEqual({ subscribed: true, devices: 1 });
    });

    it("refuses a push service address outside https (but this machine's, outside production)", async () => {
      const { accessToken: token } = await register();
      const res = await call({
        url: "/api/notification/web-push/subscriptions",
        body: {
          endpoint: "http://10.0.0.7/push",
          keys: { p256dh: b64u(randomBytes(65)), auth: b64u(randomBytes(16)) },
        },
        token,
      });
      expect(res.status).toBe(422);
      expect(res.body.errors.endpoint).toBeDefined();
    });

    it("has the bot write to a player from the messenger", async () => {
      const { profile } = await register();
      const tgUserId = String(700_000_000 + Math.floor(Math.random() * 1e6));
      await ctx()
        .database.db.update(players)
        .set({ tgUserId })
        .where(eq(players.id, BigInt(profile.id)));
      await push([profile.id], `bot-${profile.id}`, "Your cashback");
      await expect.poll(() => bot.calls.find((c) => c.body.chat_id === tgUserId)).toBeDefined();
      const sent = bot.calls.find((c) => c.body.chat_id === tgUserId)!;
      expect(sent.path).toBe("/botbot-token:test/sendMessage");
      expect(sent.body).toMatchObject({
        text: "Your cashback\n\nClaim it today",
        reply_markup: { inline_keyboard: [[{ url: expect.stringMatching(/\/bonuses$/) }]] },
      });
    });
  },
  {
    env: {
      NOTIFICATIONS_OPERATOR_TOKEN: OPERATOR,
      TELEGRAM_BOT_TOKEN: "bot-token:test",
      TELEGRAM_BOT_API_URL: botUrl,
    },
  },
);
