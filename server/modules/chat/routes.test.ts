import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createTestApp, describeEachDb } from "../../test/harness";
import { multipartForm, SMALL_PDF, smallPng } from "../documents/test-support";
import { caller } from "../player/test-support";
import { GUEST_HEADER } from "./routes";
import { chatConversations, chatMessages } from "./tables";

const OPERATOR = "chat-operator-token-chat-operator";
const MAX = 100_000;
const RATE = 6;

const env = (more: Record<string, string> = {}) => ({
  DATA_DIR: mkdtempSync(join(tmpdir(), "chat-test-")),
  CHAT_OPERATOR_TOKEN: OPERATOR,
  CHAT_ATTACHMENT_MAX_BYTES: String(MAX),
  CHAT_RATE_LIMIT_PER_MINUTE: String(RATE),
  ...more,
});

describeEachDb(
  "support chat API",
  (ctx) => {
    const { call, register } = caller(() => ctx().app);
    const asOperator = (c: Parameters<typeof call>[0]) =>
      call({ ...c, headers: { authorization: `Bearer ${OPERATOR}`, ...c.headers } });
    const send = (token: string | undefined, text: string) =>
      call({ url: "/api/chat/messages", body: { text }, token });
    const upload = async (token: string, text: string, file: { name: string; data: Uint8Array }) => {
      const form = multipartForm({ text }, file);
      const res = await ctx().app.inject({
        method: "POST",
        url: "/api/chat/messages",
        headers: { ...form.headers, authorization: `Bearer ${token}` },
        payload: form.payload,
      });
      return { status: res.statusCode, body: res.json() };
    };
    const conversationOf = async (token?: string) =>
      (await call({ method: "GET", url: "/api/chat/conversation", token })).body.data;
    const rows = async () => ({
      conversations: (await ctx().database.db.select().from(chatConversations)).length,
      messages: (await ctx().database.db.select().from(chatMessages)).length,
    });

    it("refuses a guest while guest chat is off, and stores nothing", async () => {
      const before = await rows();
      for (const req of [
        { method: "GET" as const, url: "/api/chat/conversation" },
        { url: "/api/chat/messages", body: { text: "Hello, anyone there?" } },
      ]) {
        const res = await call(req);
        expect(res.status).toBe(403);
        expect(res.body).toEqual({
          code: "chat_sign_in_required",
          message: "Sign in to chat with support",
          errors: {},
        });
      }
      expect(await rows()).toEqual(before);
    });

    it("answers a closed session's cookie 401, not 'sign in', so the site renews the session", async () => {
      const { accessToken: token } = await register();
      expect((await call({ url: "/api/player/sessions/logout", token })).status).toBe(200);
      const before = await rows();
      const res = await call({
        method: "GET",
        url: "/api/chat/conversation",
        headers: { cookie: `access_token=${token}` },
      });
      expect(res.status).toBe(401);
      expect(await rows()).toEqual(before);
    });

    it("carries a player's message to the operator and the answer back, with unread counts on both sides", async () => {
      const { accessToken: token, profile } = await register();
      expect(await conversationOf(token)).toEqual({
        conversation: null,
        live: { channel: `support:chat#${profile.id}`, token: null },
        guestToken: null,
      });
      const sent = await send(token, "  My deposit has not arrived  ");
      expect(sent.status).toBe(201);
      expect(sent.body.data.message).toMatchObject({ author: "visitor", text: "My deposit has not arrived" });
      await send(token, "It was 50 USD");

      const queue = await asOperator({ method: "GET", url: "/api/chat/operator/conversations" });
      expect(queue.status).toBe(200);
      const mine = queue.body.data.find((c: { playerId: string }) => c.playerId === profile.id);
      expect(mine).toMatchObject({ status: "open", guest: false, unread: 2, visitorUnread: 0 });
      expect(mine.lastMessage.text).toBe("It was 50 USD");

      const read = await asOperator({ method: "GET", url: `/api/chat/operator/conversations/${mine.id}` });
      expect(read.body.data.messages.map((m: { text: string }) => m.text)).toEqual([
        "My deposit has not arrived",
        "It was 50 USD",
      ]);
      const answered = await asOperator({
        url: `/api/chat/operator/conversations/${mine.id}/messages`,
        body: { text: "Let me check that for you" },
      });
      expect(answered.status).toBe(201);
      expect(answered.body.data).toMatchObject({ author: "operator", text: "Let me check that for you" });

      // Answering reads the visitor's side for the operator; the visitor has one unread answer.
      const after = await asOperator({ method: "GET", url: `/api/chat/operator/conversations/${mine.id}` });
      expect(after.body.data).toMatchObject({ unread: 0, visitorUnread: 1 });
      const seen = await conversationOf(token);
      expect(seen.conversation).toMatchObject({ id: mine.id, status: "open", unread: 1 });
      expect(seen.conversation.messages.at(-1)).toMatchObject({ author: "operator" });
      expect((await call({ url: "/api/chat/read", body: {}, token })).body).toEqual({ data: { unread: 0 } });
      expect((await conversationOf(token)).conversation.unread).toBe(0);
    });

    it("lists conversations with unread messages first", async () => {
      const a = await register();
      const b = await register();
      await send(a.accessToken, "First, older");
      await send(b.accessToken, "Second, newer");
      const list = async () =>
        (await asOperator({ method: "GET", url: "/api/chat/operator/conversations?perPage=100" })).body;
      const idOf = async (playerId: string) =>
        (await list()).data.find((c: { playerId: string }) => c.playerId === playerId).id;
      // b's newer conversation is read: a's older, unread one comes before it.
      await asOperator({
        url: `/api/chat/operator/conversations/${await idOf(b.profile.id)}/read`,
        body: {},
      });
      const order = (await list()).data.map((c: { playerId: string }) => c.playerId);
      expect(order.indexOf(a.profile.id)).toBeLessThan(order.indexOf(b.profile.id));
      const unread = (await list()).data.filter((c: { unread: number }) => c.unread > 0);
      expect((await list()).meta.totalUnread).toBe(unread.length);
      expect(unread.every((c: { unread: number }) => c.unread > 0)).toBe(true);
    });

    it("keeps one open conversation per player, on every device; closing starts the next one afresh", async () => {
      const { email, accessToken: first } = await register();
      await send(first, "From my phone");
      const second = (
        await call({ url: "/api/player/sessions", body: { login: email, password: "harbor-lights-7" } })
      ).body.accessToken as string;
      await send(second, "And now from my laptop");
      const there = await conversationOf(second);
      expect(there.conversation.messages.map((m: { text: string }) => m.text)).toEqual([
        "From my phone",
        "And now from my laptop",
      ]);
      const closed = await asOperator({
        url: `/api/chat/operator/conversations/${there.conversation.id}/close`,
        body: {},
      });
      expect(closed.body.data).toMatchObject({ status: "closed", closedAt: expect.any(String) });
      expect((await conversationOf(first)).conversation).toBeNull();
      const late = await asOperator({
        url: `/api/chat/operator/conversations/${there.conversation.id}/messages`,
        body: { text: "Anything else?" },
      });
      expect(late.status).toBe(409);
      expect(late.body.code).toBe("chat_closed");
      await send(first, "One more question");
      const next = await conversationOf(first);
      expect(next.conversation.id).not.toBe(there.conversation.id);
      expect(next.conversation.messages).toHaveLength(1);
    });

    it("never shows a player another player's conversation or attachment (404)", async () => {
      const a = await register();
      const b = await register();
      const sent = await upload(a.accessToken, "Here is my receipt", {
        name: "receipt.png",
        data: await smallPng(),
      });
      expect(sent.status).toBe(201);
      const messageId = sent.body.data.message.id;
      expect(sent.body.data.message.attachment).toMatchObject({
        name: "receipt.png",
        contentType: "image/png",
      });
      const own = await ctx().app.inject({
        url: `/api/chat/messages/${messageId}/attachment`,
        headers: { authorization: `Bearer ${a.accessToken}` },
      });
      expect(own.statusCode).toBe(200);
      expect(own.headers["content-type"]).toBe("image/png");
      expect(own.headers["content-disposition"]).toMatch(/^attachment;/);
      const theirs = await call({
        method: "GET",
        url: `/api/chat/messages/${messageId}/attachment`,
        token: b.accessToken,
      });
      expect(theirs.status).toBe(404);
      expect(theirs.body.code).toBe("not_found");
      expect((await conversationOf(b.accessToken)).conversation).toBeNull();
      const byOperator = await ctx().app.inject({
        url: `/api/chat/operator/messages/${messageId}/attachment`,
        headers: { authorization: `Bearer ${OPERATOR}` },
      });
      expect(byOperator.statusCode).toBe(200);
      expect(byOperator.rawPayload.subarray(0, 4).toString("latin1")).toBe("\x89PNG");
    });

    it("refuses an attachment that is not a picture or PDF, one with a file inside, and one too large", async () => {
      const { accessToken: token } = await register();
      const before = await rows();
      const script = await upload(token, "see this", {
        name: "invoice.pdf",
        data: new TextEncoder().encode("#!/bin/sh\nrm -rf /\n"),
      });
      expect(script.status).toBe(422);
      expect(script.body.code).toBe("file_refused");
      const polyglot = await upload(token, "and this", {
        name: "photo.png",
        data: Buffer.concat([await smallPng(), Buffer.from("PK\x03\x04zip inside", "latin1")]),
      });
      expect(polyglot.status).toBe(422);
      expect(polyglot.body.code).toBe("file_refused");
      const big = await upload(token, "huge", {
        name: "big.pdf",
        data: Buffer.concat([SMALL_PDF, Buffer.alloc(MAX + 10, 0x20)]),
      });
      expect(big.status).toBe(413);
      expect(big.body.code).toBe("file_too_large");
      expect(await rows()).toEqual(before);
      const pdf = await upload(token, "", { name: "statement.pdf", data: SMALL_PDF });
      expect(pdf.status).toBe(201);
      expect(pdf.body.data.message.attachment.contentType).toBe("application/pdf");
    });

    it("refuses an empty message and limits how fast one player writes", async () => {
      const { accessToken: token } = await register();
      const blank = await send(token, "   ");
      expect(blank.status).toBe(422);
      expect(blank.body.errors.text).toBeDefined();
      for (let i = 0; i < RATE; i++) expect((await send(token, `message ${i}`)).status).toBe(201);
      const over = await send(token, "one too many");
      expect(over.status).toBe(429);
      expect(over.body.code).toBe("too_many_requests");
      expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
      // The limit is the sender's own: another player still writes.
      const other = await register();
      expect((await send(other.accessToken, "hello")).status).toBe(201);
    });

    it("needs the operator's token", async () => {
      for (const [method, url] of [
        ["GET", "/api/chat/operator/conversations"],
        ["GET", "/api/chat/operator/conversations/1"],
        ["POST", "/api/chat/operator/conversations/1/messages"],
        ["POST", "/api/chat/operator/conversations/1/close"],
        ["POST", "/api/chat/operator/conversations/1/read"],
        ["GET", "/api/chat/operator/messages/1/attachment"],
      ] as const) {
        for (const headers of [{}, { authorization: "Bearer not-the-operator-token" }] as Record<
          string,
          string
        >[]) {
          const res = await call({
            method,
            url,
            headers,
            body: method === "POST" ? { text: "hi" } : undefined,
          });
          expect([url, res.status, res.body.code]).toEqual([url, 401, "unauthorized"]);
        }
      }
      // A player's own token is not the operator's.
      const { accessToken } = await register();
      const res = await call({ method: "GET", url: "/api/chat/operator/conversations", token: accessToken });
      expect(res.status).toBe(401);
      const missing = await asOperator({ method: "GET", url: "/api/chat/operator/conversations/999999" });
      expect(missing.status).toBe(404);
      // With its token configured the operator API is in the API document, saying it needs the bearer token.
      const docs = (await call({ method: "GET", url: "/api/docs/json" })).body;
      const queue = docs.paths["/api/chat/operator/conversations"].get;
      expect(queue.security).toEqual([{ bearer: [] }]);
      expect(queue.description).toMatch(/CHAT_OPERATOR_TOKEN/);
      expect(Object.keys(docs.paths)).toContain("/api/chat/operator/conversations/{id}/messages");
    });
  },
  { env: env() },
);

describeEachDb(
  "support chat API with guest chat on",
  (ctx) => {
    const { call, register } = caller(() => ctx().app);
    const guest = (token: string) => ({ [GUEST_HEADER]: token });

    it("binds a guest's conversation to their signed token; another guest and a forged token see nothing", async () => {
      const first = await call({ method: "GET", url: "/api/chat/conversation" });
      expect(first.status).toBe(200);
      const token = first.body.data.guestToken as string;
      expect(token).toEqual(expect.any(String));
      expect(first.body.data.conversation).toBeNull();
      expect(first.body.data.live).toEqual({
        channel: expect.stringMatching(/^support:guest#[A-Za-z0-9_-]{20,40}$/),
        token: expect.any(String),
      });
      const sent = await call({
        url: "/api/chat/messages",
        body: { text: "Can I play without an account?" },
        headers: guest(token),
      });
      expect(sent.status).toBe(201);
      const again = await call({ method: "GET", url: "/api/chat/conversation", headers: guest(token) });
      expect(again.body.data.conversation.messages).toHaveLength(1);
      expect(again.body.data.live).toEqual(first.body.data.live);
      expect(again.body.data.guestToken).toBeNull();

      const stranger = await call({ method: "GET", url: "/api/chat/conversation" });
      expect(stranger.body.data.conversation).toBeNull();
      const guestId = token.split(".")[0]!;
      const forged = await call({
        method: "GET",
        url: "/api/chat/conversation",
        headers: guest(`${guestId}.forged-signature`),
      });
      expect(forged.body.data.conversation).toBeNull();
      expect(forged.body.data.live.channel).not.toBe(first.body.data.live.channel);
      // Writing needs a guest token: the conversation call hands one out first.
      const untokened = await call({ url: "/api/chat/messages", body: { text: "Hello?" } });
      expect(untokened.status).toBe(422);

      const queue = await call({
        method: "GET",
        url: "/api/chat/operator/conversations",
        headers: { authorization: `Bearer ${OPERATOR}` },
      });
      expect(
        queue.body.data.find((c: { id: string }) => c.id === sent.body.data.conversation.id),
      ).toMatchObject({
        guest: true,
        playerId: null,
        unread: 1,
      });
    });

    it("hands a guest's conversation to the player who signs in from that browser", async () => {
      const first = await call({ method: "GET", url: "/api/chat/conversation" });
      const guestToken = first.body.data.guestToken as string;
      await call({
        url: "/api/chat/messages",
        body: { text: "I am about to register" },
        headers: guest(guestToken),
      });
      const { accessToken: token, profile } = await register();
      const mine = await call({
        method: "GET",
        url: "/api/chat/conversation",
        token,
        headers: guest(guestToken),
      });
      expect(mine.body.data.conversation.messages.map((m: { text: string }) => m.text)).toEqual([
        "I am about to register",
      ]);
      expect(mine.body.data.live).toEqual({ channel: `support:chat#${profile.id}`, token: null });
      // It is the player's now: on another device (no guest token) too, and no longer the guest's.
      expect(
        (await call({ method: "GET", url: "/api/chat/conversation", token })).body.data.conversation.id,
      ).toBe(mine.body.data.conversation.id);
      expect(
        (await call({ method: "GET", url: "/api/chat/conversation", headers: guest(guestToken) })).body.data
          .conversation,
      ).toBeNull();
    });
  },
  { env: env({ CHAT_GUEST_ENABLED: "true" }) },
);

describe("support chat operator API without its token configured", () => {
  it("does not exist", async () => {
    const t = await createTestApp("pglite", { env: { DATA_DIR: mkdtempSync(join(tmpdir(), "chat-test-")) } });
    try {
      const res = await t.app.inject({
        url: "/api/chat/operator/conversations",
        headers: { authorization: "Bearer anything-at-all-anything" },
      });
      expect(res.statusCode).toBe(404);
      const docs = await t.app.inject({ url: "/api/docs/json" });
      expect(Object.keys(docs.json().paths).some((p) => p.includes("/chat/operator"))).toBe(false);
      expect(Object.keys(docs.json().paths)).toContain("/api/chat/messages");
    } finally {
      await t.app.close();
      await t.database.close();
    }
  });
});
