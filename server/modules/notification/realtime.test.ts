import type { AddressInfo } from "node:net";
import type { Centrifuge, PublicationContext } from "centrifuge";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playerChannel } from "#common/realtime";
import { createRealtime } from "../../realtime";
import { JWT_SECRET, once, sdkClient } from "../../realtime/test-support";
import { createTestApp, type TestApp } from "../../test/harness";
import { caller } from "../player/test-support";

const OPERATOR = "operator-token-operator-token";

describe("messages and pushes on the player's channels (official centrifuge client)", () => {
  let t: TestApp;
  let url: string;
  const clients: Centrifuge[] = [];
  const { call, register } = caller(() => t.app);

  beforeAll(async () => {
    const realtime = createRealtime({ jwtSecret: JWT_SECRET, clock: { now: () => new Date() } });
    t = await createTestApp("pglite", {
      env: { JWT_SECRET, COOKIE_SECRET: JWT_SECRET, NOTIFICATIONS_OPERATOR_TOKEN: OPERATOR },
      realtime,
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/connection/websocket`;
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await t.app.close();
    await t.database.close();
  });

  async function listen(token: string, kind: "notifications" | "pushes", playerId: string) {
    const c = sdkClient(url, { token });
    clients.push(c);
    const sub = c.newSubscription(playerChannel(kind, playerId));
    const got: PublicationContext[] = [];
    sub.on("publication", (ctx) => got.push(ctx));
    sub.subscribe();
    c.connect();
    await once(sub, "subscribed");
    return got;
  }

  it("a message and a push arrive on their player's channels and on no one else's", async () => {
    const a = await register();
    const b = await register();
    const aMessages = await listen(a.accessToken, "notifications", a.profile.id);
    const aPushes = await listen(a.accessToken, "pushes", a.profile.id);
    const bMessages = await listen(b.accessToken, "notifications", b.profile.id);
    const bPushes = await listen(b.accessToken, "pushes", b.profile.id);

    const sent = await call({
      url: "/api/notification/operator/broadcasts",
      body: {
        idempotencyKey: `live-${a.profile.id}`,
        channel: "both",
        segment: { playerIds: [a.profile.id] },
        title: { en: "Free spins tonight" },
        body: { en: "From 8 pm" },
      },
      headers: { authorization: `Bearer ${OPERATOR}` },
    });
    expect(sent.status).toBe(201);
    await expect.poll(() => aMessages.length).toBe(1);
    await expect.poll(() => aPushes.length).toBe(1);
    expect(aMessages[0]!.data).toEqual({
      event: "message",
      data: {
        message: expect.objectContaining({
          state: 1,
          readAt: null,
          content: expect.objectContaining({ title: "Free spins tonight" }),
        }),
        totalUnread: 1,
      },
    });
    expect(aPushes[0]!.data).toEqual({
      event: "push",
      data: { push: expect.objectContaining({ title: "Free spins tonight", state: 1 }), totalUnread: 1 },
    });
    // Give a stray publication time to arrive before saying none came.
    await new Promise((r) => setTimeout(r, 300));
    expect(bMessages).toEqual([]);
    expect(bPushes).toEqual([]);
  });

  it("a deposit tells its player live: the fact becomes a message and a push in their language", async () => {
    const { accessToken: token, profile } = await register();
    await call({ method: "PUT", url: "/api/player/profile", body: { language: "ru" }, token });
    await call({ url: "/api/wallet/accounts", body: { currency: "usd" }, token });
    const got = await listen(token, "notifications", profile.id);
    const created = await call({
      url: "/api/payment/invoices/deposit",
      body: {
        method: "sandbox.deposit.card",
        currency: "USD",
        amount: "75.50",
        customerFields: { firstName: "Ana", lastName: "Silva" },
      },
      token,
    });
    expect(created.status).toBe(201);
    const checkout = new URL(created.body.data.publicData.checkoutUrl);
    const approved = await t.app.inject({ method: "POST", url: `${checkout.pathname}/approve` });
    expect(approved.statusCode).toBe(303);
    await expect.poll(() => got.length, { timeout: 10_000 }).toBe(1);
    expect(got[0]!.data).toMatchObject({
      event: "message",
      data: {
        message: {
          kind: "deposit.succeeded",
          content: {
            title: "Депозит зачислен",
            body: "75,5 USD на вашем балансе. Удачи!",
            url: "/wallet/history",
          },
        },
        totalUnread: 1,
      },
    });
    const pushes = await call({ method: "GET", url: "/api/notification/pushes", token });
    expect(pushes.body.data[0]).toMatchObject({ kind: "deposit.succeeded", title: "Депозит зачислен" });
  });
});
