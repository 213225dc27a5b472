import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GUEST_CHAT_CHANNEL, SUPPORT_STAFF_CHANNEL } from "#common/realtime";
import { verifyChannelToken } from "../../realtime/channel-token";
import { canSubscribe } from "../../realtime/channels";
import { describeEachDb } from "../../test/harness";
import { supportLive } from "../chat";
import { chatConversations } from "../chat/tables";
import { multipartForm, smallPng } from "../documents/test-support";
import { communications } from "../notification/tables";
import { caller } from "../player/test-support";
import { adminAudit } from "../staff/tables";
import { staffToken } from "../staff/test-support";

/** The back office's support desk (issue 42, decision 0054). */
describeEachDb(
  "support desk",
  (ctx) => {
    const { call, register } = caller(() => ctx().app);
    const support = async () => staffToken(ctx().app, ctx().database.db, ["support"]);
    const as = (token: string) => (c: Parameters<typeof call>[0]) => call({ ...c, token });
    const chatFrom = async (token: string, text: string) => {
      const res = await call({ url: "/api/chat/messages", body: { text }, token });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.conversation.id as string;
    };
    const contact = async (email: string, subject = "Withdrawal question") => {
      const res = await call({
        url: "/api/notification/communications",
        body: {
          name: "Ana Silva",
          email,
          subject,
          message: "Where is my withdrawal from Monday?",
          locale: "pt-br",
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return String(res.body.id);
    };
    const auditOf = async (action: string) =>
      ctx().database.db.select().from(adminAudit).where(eq(adminAudit.action, action));

    it("shows a player's chat to support with the player beside it; support takes it, answers, the player reads it", async () => {
      const { accessToken, profile } = await register();
      const id = await chatFrom(accessToken, "My deposit has not arrived");
      const s = await support();
      const staffCall = as(s.token);

      const live = await staffCall({ method: "GET", url: "/api/admin/support/live" });
      expect(live.status, JSON.stringify(live.body)).toBe(200);
      expect(live.body.data.channel).toBe("support:staff");
      expect(live.body.data.counts.chatsUnread).toBeGreaterThanOrEqual(1);

      const list = await staffCall({ method: "GET", url: "/api/admin/support/chats" });
      const row = list.body.data.find((c: { id: string }) => c.id === id);
      expect(row).toMatchObject({
        playerId: String(profile.id),
        player: { nickname: profile.nickname },
        unread: 1,
        assignee: null,
        lastMessage: { text: "My deposit has not arrived", author: "visitor" },
      });

      const taken = await staffCall({ url: `/api/admin/support/chats/${id}/assign`, body: {} });
      expect(taken.status).toBe(200);
      expect(taken.body.data.assignee).toEqual({ id: s.id, name: expect.any(String) });
      const mine = await staffCall({ method: "GET", url: "/api/admin/support/chats?mine=1" });
      expect(mine.body.data.map((c: { id: string }) => c.id)).toEqual([id]);

      const answer = await staffCall({
        url: `/api/admin/support/chats/${id}/messages`,
        body: { text: "It is on its way: the bank confirmed it today." },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({
        author: "operator",
        staffName: taken.body.data.assignee.name,
      });

      const theirs = await call({ method: "GET", url: "/api/chat/conversation", token: accessToken });
      expect(theirs.body.data.conversation.unread).toBe(1);
      expect(theirs.body.data.conversation.messages.at(-1).text).toBe(
        "It is on its way: the bank confirmed it today.",
      );
      const detail = await staffCall({ method: "GET", url: `/api/admin/support/chats/${id}` });
      expect(detail.body.data.unread).toBe(0);
      expect(detail.body.data.messages.map((m: { staffName: string | null }) => m.staffName)).toEqual([
        null,
        taken.body.data.assignee.name,
      ]);
      const [record] = (await auditOf("support.chat.answer")).filter((r) => r.targetId === id);
      expect(record).toMatchObject({ staffId: s.id, targetType: "chat_conversation" });

      const closed = await staffCall({ url: `/api/admin/support/chats/${id}/close`, body: {} });
      expect(closed.body.data.status).toBe("closed");
      const after = await call({ method: "GET", url: "/api/chat/conversation", token: accessToken });
      expect(after.body.data.conversation).toBeNull();
      const late = await staffCall({
        url: `/api/admin/support/chats/${id}/messages`,
        body: { text: "One more" },
      });
      expect(late.status).toBe(409);
      expect(late.body.code).toBe("chat_closed");
    });

    it("sends a staff member's attachment to the player, who downloads it; a file that is not one is refused", async () => {
      const { accessToken } = await register();
      const id = await chatFrom(accessToken, "Which document do you need?");
      const s = await support();
      const post = async (file: { name: string; data: Uint8Array }) => {
        const form = multipartForm({ text: "This form, filled in" }, file);
        const res = await ctx().app.inject({
          method: "POST",
          url: `/api/admin/support/chats/${id}/messages`,
          headers: { ...form.headers, authorization: `Bearer ${s.token}` },
          payload: form.payload,
        });
        return { status: res.statusCode, body: res.json() };
      };
      const sent = await post({ name: "form.png", data: await smallPng() });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body.data.attachment).toMatchObject({ contentType: "image/png" });
      const file = await ctx().app.inject({
        method: "GET",
        url: `/api/chat/messages/${sent.body.data.id}/attachment`,
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("image/png");
      const staffCopy = await ctx().app.inject({
        method: "GET",
        url: `/api/admin/support/chat-messages/${sent.body.data.id}/attachment`,
        headers: { authorization: `Bearer ${s.token}` },
      });
      expect(staffCopy.statusCode).toBe(200);
      const bad = await post({ name: "run.png", data: new TextEncoder().encode("#!/bin/sh\necho hi\n") });
      expect(bad.status).toBe(422);
    });

    it("lets exactly one of two staff members taking the same chat at once have it", async () => {
      const { accessToken } = await register();
      const id = await chatFrom(accessToken, "Anyone?");
      const [a, b] = [await support(), await support()];
      const results = await Promise.all(
        [a, b].map((s) => call({ url: `/api/admin/support/chats/${id}/assign`, body: {}, token: s.token })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const loser = results.find((r) => r.status === 409)!;
      expect(loser.body.code).toBe("chat_assigned");
      const winner = results.find((r) => r.status === 200)!;
      const [row] = await ctx()
        .database.db.select()
        .from(chatConversations)
        .where(eq(chatConversations.id, BigInt(id)));
      expect(row!.assignedStaffId).toBe(winner.body.data.assignee.id);
      expect((await auditOf("support.chat.assign")).filter((r) => r.targetId === id)).toHaveLength(1);
      // Taking it over is a deliberate act: `force`.
      const other = [a, b].find((s) => s.id !== row!.assignedStaffId)!;
      const forced = await call({
        url: `/api/admin/support/chats/${id}/assign`,
        body: { force: true },
        token: other.token,
      });
      expect(forced.body.data.assignee.id).toBe(other.id);
    });

    it("answers a contact message by e-mail (the outbox has it), marks it answered, then done", async () => {
      const email = `ana${Date.now()}@example.com`;
      const id = await contact(email);
      const s = await support();
      const staffCall = as(s.token);
      const waiting = await staffCall({ method: "GET", url: "/api/admin/support/contact" });
      expect(waiting.body.data.find((m: { id: string }) => m.id === id)).toMatchObject({
        status: "new",
        email,
        locale: "pt-br",
        replies: [],
      });
      const reply = await staffCall({
        url: `/api/admin/support/contact/${id}/reply`,
        body: { text: "Olá Ana, o saque foi pago hoje." },
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.data.status).toBe("answered");
      expect(reply.body.data.replies).toHaveLength(1);
      const mail = await call({ method: "GET", url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
      expect(mail.body.data).toHaveLength(1);
      expect(mail.body.data[0]).toMatchObject({ subject: "Re: Withdrawal question" });
      expect(mail.body.data[0].text).toContain("Olá Ana, o saque foi pago hoje.");
      expect(mail.body.data[0].text).toContain("Você escreveu:");
      expect(mail.body.data[0].text).toContain("> Where is my withdrawal from Monday?");

      const done = await staffCall({ url: `/api/admin/support/contact/${id}/done`, body: {} });
      expect(done.body.data.status).toBe("done");
      const still = await staffCall({ method: "GET", url: "/api/admin/support/contact" });
      expect(still.body.data.some((m: { id: string }) => m.id === id)).toBe(false);
      const reopened = await staffCall({
        url: `/api/admin/support/contact/${id}/done`,
        body: { done: false },
      });
      expect(reopened.body.data.status).toBe("answered");
      const [row] = await ctx()
        .database.db.select()
        .from(communications)
        .where(eq(communications.id, Number(id)));
      expect(row!.doneAt).toBeNull();
    });

    it("keeps canned answers staff add and edit; a second answer with the same title is refused", async () => {
      const s = await support();
      const staffCall = as(s.token);
      const title = `Withdrawal times ${Date.now()}`;
      const made = await staffCall({
        url: "/api/admin/support/canned",
        body: { title, body: "Withdrawals are paid within 24 hours." },
      });
      expect(made.status).toBe(200);
      const again = await staffCall({ url: "/api/admin/support/canned", body: { title, body: "Other" } });
      expect(again.status).toBe(409);
      const changed = await staffCall({
        method: "PATCH",
        url: `/api/admin/support/canned/${made.body.data.id}`,
        body: { body: "Withdrawals are paid within 12 hours." },
      });
      expect(changed.body.data).toMatchObject({ title, body: "Withdrawals are paid within 12 hours." });
      const list = await staffCall({ method: "GET", url: "/api/admin/support/canned" });
      expect(list.body.data.filter((a: { title: string }) => a.title === title)).toHaveLength(1);
    });

    it("keeps the hours round the clock until the operator sets others; support may read them, not set them", async () => {
      const s = await support();
      const admin = await staffToken(ctx().app, ctx().database.db, ["admin"]);
      const read = await call({ method: "GET", url: "/api/admin/support/hours", token: s.token });
      expect(read.body.data).toEqual({ mode: "always" });
      const hours = {
        mode: "hours",
        days: [1, 2, 3, 4, 5],
        opens: "09:00",
        closes: "21:00",
        timeZone: "Europe/Lisbon",
      };
      const refused = await call({
        method: "PUT",
        url: "/api/admin/support/hours",
        body: hours,
        token: s.token,
      });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe("forbidden");
      const bad = await call({
        method: "PUT",
        url: "/api/admin/support/hours",
        body: { ...hours, timeZone: "Mars/Olympus" },
        token: admin.token,
      });
      expect(bad.status).toBe(422);
      const set = await call({
        method: "PUT",
        url: "/api/admin/support/hours",
        body: hours,
        token: admin.token,
      });
      expect(set.status).toBe(200);
      const site = await call({ method: "GET", url: "/api/settings/support-hours" });
      expect(site.body.data).toEqual(hours);
      await call({
        method: "PUT",
        url: "/api/admin/support/hours",
        body: { mode: "always" },
        token: admin.token,
      });
    });

    it("refuses every support call to a player, and the desk to staff whose role does not open it", async () => {
      const { accessToken } = await register();
      const trader = await staffToken(ctx().app, ctx().database.db, ["trader"]);
      const calls = [
        { method: "GET" as const, url: "/api/admin/support/live" },
        { method: "GET" as const, url: "/api/admin/support/chats" },
        { method: "GET" as const, url: "/api/admin/support/contact" },
        { method: "POST" as const, url: "/api/admin/support/chats/1/assign", body: {} },
        { method: "POST" as const, url: "/api/admin/support/contact/1/reply", body: { text: "Hi" } },
        {
          method: "POST" as const,
          url: "/api/admin/support/canned",
          body: { title: "Hi there", body: "Hi" },
        },
      ];
      for (const c of calls) {
        const asPlayer = await call({ ...c, token: accessToken });
        expect(asPlayer.status, `${c.url} as a player`).toBe(401);
        const asTrader = await call({ ...c, token: trader.token });
        expect(asTrader.status, `${c.url} as a trader`).toBe(403);
      }
    });
  },
  { env: { DATA_DIR: mkdtempSync(join(tmpdir(), "support-desk-")) } },
);

describe("the support desk's staff channel", () => {
  it("opens only with the token the back office gives, to no player and no guest without it", () => {
    const secret = "a-test-secret-of-enough-length-0123456789";
    const { channel, token } = supportLive(secret);
    expect(channel).toBe(SUPPORT_STAFF_CHANNEL);
    expect(verifyChannelToken(secret, channel, token)).toBe(true);
    expect(verifyChannelToken(secret, `${GUEST_CHAT_CHANNEL}#x`, token)).toBe(false);
    expect(canSubscribe(channel, undefined, true)).toBeUndefined();
    expect(canSubscribe(channel, undefined, false)).toBeDefined();
    expect(canSubscribe(channel, "42", false)).toBeDefined();
  });
});
