import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { PLAYER_STATUS } from "#common/constants";
import { describeEachDb } from "../../test/harness";
import { players } from "../player/tables";
import { caller } from "../player/test-support";
import { notifyOfFact } from "./facts";

const OPERATOR = "operator-token-operator-token";

describeEachDb(
  "messages and pushes API",
  (ctx) => {
    const { call, register } = caller(() => ctx().app);
    const broadcast = (body: Record<string, unknown>, token = OPERATOR) =>
      call({
        url: "/api/notification/operator/broadcasts",
        body: { channel: "both", title: { en: "Hello" }, body: { en: "News" }, ...body },
        headers: { authorization: `Bearer ${token}` },
      });
    const player = async (language?: string) => {
      const r = await register();
      if (language)
        await call({ method: "PUT", url: "/api/player/profile", body: { language }, token: r.accessToken });
      return { token: r.accessToken, id: r.profile.id as string };
    };
    const messages = (token: string, q = "") =>
      call({ method: "GET", url: `/api/notification/messenger/messages${q}`, token });
    const pushes = (token: string, q = "") =>
      call({ method: "GET", url: `/api/notification/pushes${q}`, token });

    it("answers guests 401 and a new player an empty page with the meta", async () => {
      expect((await call({ method: "GET", url: "/api/notification/messenger/messages" })).status).toBe(401);
      expect((await call({ method: "GET", url: "/api/notification/pushes" })).status).toBe(401);
      const { token } = await player();
      expect((await messages(token)).body).toEqual({
        data: [],
        meta: { page: 1, perPage: 20, totalPages: 1, totalRows: 0, totalUnread: 0 },
      });
      expect((await pushes(token)).body.meta).toEqual({
        page: 1,
        perPage: 20,
        totalPages: 1,
        totalRows: 0,
        totalUnread: 0,
      });
    });

    it("pages the newest first, marks read, reads all and deletes, each only the caller's own", async () => {
      const a = await player();
      const b = await player();
      for (let i = 1; i <= 5; i++)
        expect(
          (
            await broadcast({
              idempotencyKey: `page-${a.id}-${i}`,
              segment: { playerIds: [a.id, b.id] },
              title: { en: `M${i}` },
            })
          ).status,
        ).toBe(201);
      const first = await messages(a.token, "?page=1&perPage=3");
      expect(first.body.data.map((m: { content: { title: string } }) => m.content.title)).toEqual([
        "M5",
        "M4",
        "M3",
      ]);
      expect(first.body.meta).toEqual({ page: 1, perPage: 3, totalPages: 2, totalRows: 5, totalUnread: 5 });
      expect(first.body.data[0]).toMatchObject({
        state: 1,
        readAt: null,
        kind: "operator",
        content: { title: "M5", body: "News", url: null },
      });
      const second = await messages(a.token, "?page=2&perPage=3");
      expect(second.body.data.map((m: { content: { title: string } }) => m.content.title)).toEqual([
        "M2",
        "M1",
      ]);

      const bIds: string[] = (await messages(b.token)).body.data.map((m: { id: string }) => m.id);
      const aIds: string[] = (await messages(a.token)).body.data.map((m: { id: string }) => m.id);
      // B's ids change nothing of A's, and A's nothing of B's.
      const foreign = await call({
        url: "/api/notification/messenger/messages/read",
        body: { messageIds: bIds },
        token: a.token,
      });
      expect(foreign.body.data).toEqual({ changed: 0, totalUnread: 5 });
      expect(
        (
          await call({
            method: "DELETE",
            url: "/api/notification/messenger/messages",
            body: { messageIds: bIds.slice(0, 2) },
            token: a.token,
          })
        ).body.data,
      ).toEqual({ changed: 0, totalUnread: 5 });
      expect((await messages(b.token)).body.meta.totalRows).toBe(5);

      const read = await call({
        url: "/api/notification/messenger/messages/read",
        body: { messageIds: [aIds[0]] },
        token: a.token,
      });
      expect(read.body.data).toEqual({ changed: 1, totalUnread: 4 });
      const now = (await messages(a.token)).body;
      expect(now.data[0]).toMatchObject({ id: aIds[0], state: 2, readAt: expect.any(String) });
      expect(now.meta.totalUnread).toBe(4);

      const del = await call({
        method: "DELETE",
        url: "/api/notification/messenger/messages",
        body: { messageIds: [aIds[1]] },
        token: a.token,
      });
      expect(del.body.data).toEqual({ changed: 1, totalUnread: 3 });
      expect((await messages(a.token)).body.data.map((m: { id: string }) => m.id)).not.toContain(aIds[1]);

      const all = await call({ url: "/api/notification/messenger/messages/read/all", token: a.token });
      expect(all.body.data).toEqual({ changed: 3, totalUnread: 0 });
      expect((await messages(b.token)).body.meta.totalUnread).toBe(5);

      // Pushes: 20 a page by default, read and read all, own only.
      const p = await pushes(a.token);
      expect(p.body.meta).toEqual({ page: 1, perPage: 20, totalPages: 1, totalRows: 5, totalUnread: 5 });
      const bPush = (await pushes(b.token)).body.data[0].id;
      expect(
        (await call({ url: "/api/notification/pushes/read", body: { pushIds: [bPush] }, token: a.token }))
          .body.data,
      ).toEqual({ changed: 0, totalUnread: 5 });
      expect(
        (
          await call({
            url: "/api/notification/pushes/read",
            body: { pushIds: [p.body.data[0].id] },
            token: a.token,
          })
        ).body.data,
      ).toEqual({ changed: 1, totalUnread: 4 });
      expect((await call({ url: "/api/notification/pushes/read/all", token: a.token })).body.data).toEqual({
        changed: 4,
        totalUnread: 0,
      });
      expect((await pushes(b.token)).body.meta.totalUnread).toBe(5);
    });

    it("refuses bad ids in the error shape", async () => {
      const { token } = await player();
      const res = await call({
        url: "/api/notification/messenger/messages/read",
        body: { messageIds: ["x"] },
        token,
      });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: "validation_error", errors: expect.any(Object) });
    });

    it("sends an operator's notice once per idempotency key, in each player's language, to the segment's open accounts only", async () => {
      const ru = await player("ru");
      const en = await player();
      const outside = await player();
      // An account on a break or closed is named in the segment but not reached (a notice is not worth
      // breaking a self-exclusion for).
      const resting = await player();
      const closed = await player();
      const db = ctx().database.db;
      await db
        .update(players)
        .set({ status: PLAYER_STATUS.coolingOff })
        .where(eq(players.id, BigInt(resting.id)));
      await db
        .update(players)
        .set({ status: PLAYER_STATUS.closed })
        .where(eq(players.id, BigInt(closed.id)));
      const body = {
        idempotencyKey: `notice-${ru.id}`,
        channel: "message",
        segment: { playerIds: [ru.id, en.id, resting.id, closed.id] },
        title: { en: "Maintenance tonight", ru: "Техработы сегодня ночью" },
        body: { en: "Games pause 02:00–02:30 UTC", ru: "Игры на паузе 02:00–02:30 UTC" },
        url: "/games",
      };
      const sent = await broadcast(body);
      expect(sent.status).toBe(201);
      expect(sent.body.data).toMatchObject({ recipients: 2, repeated: false });
      const again = await broadcast(body);
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual({ ...sent.body.data, repeated: true });
      expect((await messages(ru.token)).body.data.map((m: { content: unknown }) => m.content)).toEqual([
        { title: "Техработы сегодня ночью", body: "Игры на паузе 02:00–02:30 UTC", url: "/games" },
      ]);
      expect((await messages(en.token)).body.data[0].content.title).toBe("Maintenance tonight");
      expect((await messages(outside.token)).body.meta.totalRows).toBe(0);
      expect((await messages(resting.token)).body.meta.totalRows).toBe(0);
      // channel "message" writes no push.
      expect((await pushes(ru.token)).body.meta.totalRows).toBe(0);
    });

    it("guards the operator API with its token", async () => {
      const res = await broadcast({ idempotencyKey: "nope" }, "wrong-token-wrong-token");
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: "unauthorized", message: expect.any(String), errors: {} });
      const { token } = await player();
      const asPlayer = await call({
        url: "/api/notification/operator/broadcasts",
        body: { channel: "message", title: { en: "x" }, body: { en: "y" }, idempotencyKey: "p" },
        token,
      });
      expect(asPlayer.status).toBe(401);
    });

    it("tells a player of a fact once, however often the fact is handled", async () => {
      const { token, id } = await player("pt-br");
      const fact = {
        kind: "deposit.succeeded" as const,
        key: `deposit.succeeded:test-${id}`,
        playerId: Number(id),
        data: { currency: "BRL", amount: "1500.50" },
      };
      const db = ctx().database.db;
      await db.transaction((tx) => notifyOfFact(tx, fact));
      await db.transaction((tx) => notifyOfFact(tx, fact));
      const list = (await messages(token)).body;
      expect(list.meta.totalRows).toBe(1);
      expect(list.data[0]).toMatchObject({
        kind: "deposit.succeeded",
        content: {
          title: "Depósito recebido",
          body: "1.500,5 BRL já está no seu saldo. Boa sorte!",
          url: "/wallet/history",
        },
      });
      // Deleted, it stays deleted when the fact comes again.
      await call({
        method: "DELETE",
        url: "/api/notification/messenger/messages",
        body: { messageIds: [list.data[0].id] },
        token,
      });
      await db.transaction((tx) => notifyOfFact(tx, fact));
      expect((await messages(token)).body.meta.totalRows).toBe(0);
      expect((await pushes(token)).body.meta.totalRows).toBe(1);
    });
  },
  { env: { NOTIFICATIONS_OPERATOR_TOKEN: OPERATOR } },
);

describeEachDb("the operator API without its token", (ctx) => {
  it("does not exist", async () => {
    const res = await ctx().app.inject({
      method: "POST",
      url: "/api/notification/operator/broadcasts",
      payload: { channel: "message", title: { en: "x" }, body: { en: "y" }, idempotencyKey: "k" },
    });
    expect(res.statusCode).toBe(404);
  });
});
