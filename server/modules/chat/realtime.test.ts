import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Centrifuge, PublicationContext, Subscription } from "centrifuge";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playerChannel } from "#common/realtime";
import { createRealtime } from "../../realtime";
import { JWT_SECRET, once, sdkClient } from "../../realtime/test-support";
import { createTestApp, type TestApp } from "../../test/harness";
import { caller } from "../player/test-support";
import { GUEST_HEADER } from "./routes";

const OPERATOR = "chat-operator-token-chat-operator";

describe("support chat on the realtime hub (official centrifuge client)", () => {
  let t: TestApp;
  let url: string;
  const clients: Centrifuge[] = [];
  const { call, register } = caller(() => t.app);
  const operator = { authorization: `Bearer ${OPERATOR}` };

  beforeAll(async () => {
    const realtime = createRealtime({ jwtSecret: JWT_SECRET, clock: { now: () => new Date() } });
    t = await createTestApp("pglite", {
      env: {
        JWT_SECRET,
        COOKIE_SECRET: JWT_SECRET,
        CHAT_OPERATOR_TOKEN: OPERATOR,
        CHAT_GUEST_ENABLED: "true",
        DATA_DIR: mkdtempSync(join(tmpdir(), "chat-rt-")),
      },
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

  function subscribe(channel: string, opts: { token?: string; subToken?: string } = {}) {
    const c = sdkClient(url, opts.token ? { token: opts.token } : {});
    clients.push(c);
    const sub = c.newSubscription(channel, opts.subToken ? { token: opts.subToken } : {});
    const got: PublicationContext[] = [];
    sub.on("publication", (ctx) => got.push(ctx));
    sub.subscribe();
    c.connect();
    return { sub, got };
  }
  const refused = (sub: Subscription) =>
    new Promise<number>((resolve) => {
      sub.on("error", (ctx) => resolve(ctx.error.code));
      sub.on("unsubscribed", (ctx) => resolve(ctx.code));
    });

  it("an operator's answer reaches the player live, and no one else", async () => {
    const a = await register();
    const b = await register();
    const live = (await call({ method: "GET", url: "/api/chat/conversation", token: a.accessToken })).body
      .data.live;
    expect(live).toEqual({ channel: playerChannel("chat", a.profile.id), token: null });
    const mine = subscribe(live.channel, { token: a.accessToken });
    await once(mine.sub, "subscribed");
    const other = subscribe(playerChannel("chat", b.profile.id), { token: b.accessToken });
    await once(other.sub, "subscribed");
    // b may not listen on a's conversation.
    const spy = subscribe(live.channel, { token: b.accessToken });
    expect(await refused(spy.sub)).toBe(103);

    const sent = await call({
      url: "/api/chat/messages",
      body: { text: "Where is my bonus?" },
      token: a.accessToken,
    });
    const id = sent.body.data.conversation.id;
    const answer = await call({
      url: `/api/chat/operator/conversations/${id}/messages`,
      body: { text: "It is on its way" },
      headers: operator,
    });
    expect(answer.status).toBe(201);
    await expect.poll(() => mine.got.length).toBe(1);
    expect(mine.got[0]!.data).toEqual({
      event: "chat.message",
      data: {
        message: expect.objectContaining({
          author: "operator",
          text: "It is on its way",
          conversationId: id,
        }),
        unread: 1,
      },
    });
    await call({ url: `/api/chat/operator/conversations/${id}/close`, body: {}, headers: operator });
    await expect.poll(() => mine.got.length).toBe(2);
    expect(mine.got[1]!.data).toEqual({ event: "chat.closed", data: { conversationId: id } });
    await new Promise((r) => setTimeout(r, 300));
    expect(other.got).toEqual([]);
    expect(spy.got).toEqual([]);
  });

  it("a guest listens on their channel with its token; without it, or with another's, they are refused", async () => {
    const first = await call({ method: "GET", url: "/api/chat/conversation" });
    const guestToken = first.body.data.guestToken as string;
    const live = first.body.data.live as { channel: string; token: string };
    const guest = subscribe(live.channel, { subToken: live.token });
    await once(guest.sub, "subscribed");
    const noToken = subscribe(live.channel);
    expect(await refused(noToken.sub)).toBe(103);
    const otherGuest = (await call({ method: "GET", url: "/api/chat/conversation" })).body.data.live;
    const wrongToken = subscribe(live.channel, { subToken: otherGuest.token });
    expect(await refused(wrongToken.sub)).toBe(103);

    const sent = await call({
      url: "/api/chat/messages",
      body: { text: "Hi, a question" },
      headers: { [GUEST_HEADER]: guestToken },
    });
    await call({
      url: `/api/chat/operator/conversations/${sent.body.data.conversation.id}/messages`,
      body: { text: "Ask away" },
      headers: operator,
    });
    await expect.poll(() => guest.got.length).toBe(1);
    expect(guest.got[0]!.data).toMatchObject({
      event: "chat.message",
      data: { message: { text: "Ask away" } },
    });
  });
});
