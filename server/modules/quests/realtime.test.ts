import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { Centrifuge, PublicationContext } from "centrifuge";
import { and, eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import type { Quest, QuestTask } from "#common/api/quests";
import { QUEST_STATE } from "#common/constants";
import { playerChannel, REALTIME_EVENTS, type RealtimeEvent } from "#common/realtime";
import { once, sdkClient } from "../../realtime/test-support";
import { describeEachDb } from "../../test/harness";
import { playerBonuses } from "../bonus/tables";
import { drainFacts } from "../facts";
import { domainFacts } from "../facts/tables";
import { houseWallet, playerInRealGame } from "../game/test-support";
import { caller } from "../player/test-support";
import { quests } from "./tables";

const SECRET = "house-games-secret-house-games-secret-0123";

/**
 * Quests fed by the real stream: spins of the house slot through the seamless wallet record `bet.settled`, the
 * relay hands it to the quests' consumer, and the official `centrifuge` client sees the task move on the
 * player's own channel only.
 */
describeEachDb(
  "quests from the facts stream",
  (ctx) => {
    const player = caller(() => ctx().app);
    const { call } = player;
    const db = () => ctx().database.db;
    const hw = houseWallet(() => ctx().app, call, SECRET, { now: () => new Date() });
    const sockets: Centrifuge[] = [];
    afterAll(() => {
      for (const s of sockets) s.disconnect();
    });

    async function playerWithQuest() {
      const p = await playerInRealGame(player, db(), "harbor-fortune", "50");
      const [q] = await db().select().from(quests).where(eq(quests.identity, "harbor-warm-up"));
      const activated = await call({
        method: "PUT",
        url: `/api/retention/quests/${q!.id}/activate`,
        token: p.accessToken,
      });
      expect(activated.status).toBe(200);
      return { ...p, questId: String(q!.id) };
    }
    async function spin(session: string) {
      const id = `q-${randomUUID().slice(0, 12)}`;
      const bet = await hw.wallet("bet", {
        token: session,
        transactionId: `${id}-b`,
        roundId: id,
        amount: "1",
        currency: "USD",
      });
      expect(bet.status).toBe("RS_OK");
      const win = await hw.wallet("win", {
        token: session,
        transactionId: `${id}-w`,
        referenceTransactionId: `${id}-b`,
        roundId: id,
        amount: "0",
        currency: "USD",
      });
      expect(win.status).toBe("RS_OK");
    }
    const questOf = async (token: string, id: string) =>
      ((await call({ method: "GET", url: "/api/retention/quests", token })).body.data as Quest[]).find(
        (q) => q.id === id,
      )!;

    it("three settled spins complete the warm-up quest, reward it once and record quest.completed", async () => {
      const p = await playerWithQuest();
      await spin(p.sessionId);
      await drainFacts(db());
      expect((await questOf(p.accessToken, p.questId)).tasks[0]!.progress).toBe("1");
      await spin(p.sessionId);
      await spin(p.sessionId);
      await drainFacts(db());
      const q = await questOf(p.accessToken, p.questId);
      expect([q.state, q.tasks[0]!.progress, q.tasks[0]!.isCompleted]).toEqual([
        QUEST_STATE.completed,
        "3",
        true,
      ]);
      await spin(p.sessionId);
      await drainFacts(db());
      const rewards = await db()
        .select()
        .from(playerBonuses)
        .where(and(eq(playerBonuses.playerId, p.playerId), eq(playerBonuses.kind, "quest")));
      expect(rewards).toHaveLength(1);
      const completed = await db()
        .select()
        .from(domainFacts)
        .where(and(eq(domainFacts.playerId, p.playerId), eq(domainFacts.kind, "quest.completed")));
      expect(completed.map((f) => f.data)).toEqual([{ questId: Number(p.questId) }]);
    });

    it("a settled spin moves the task on the player's channel and on no one else's (centrifuge client)", async () => {
      const app = ctx().app;
      if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
      const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/connection/websocket`;
      const a = await playerWithQuest();
      const b = await playerWithQuest();
      const heard = { a: [] as RealtimeEvent[], b: [] as RealtimeEvent[] };
      const connect = async (token: string, playerId: bigint, into: RealtimeEvent[]) => {
        const c = sdkClient(url, { token });
        sockets.push(c);
        const sub = c.newSubscription(playerChannel("quests", playerId));
        sub.on("publication", (ctx: PublicationContext) => into.push(ctx.data as RealtimeEvent));
        sub.subscribe();
        c.connect();
        await once(sub, "subscribed");
      };
      await connect(a.accessToken, a.playerId, heard.a);
      await connect(b.accessToken, b.playerId, heard.b);

      await spin(a.sessionId);
      await drainFacts(db());
      await expect.poll(() => heard.a.some((e) => e.event === REALTIME_EVENTS.questTaskUpdated)).toBe(true);
      const task = heard.a.find((e) => e.event === REALTIME_EVENTS.questTaskUpdated)!.data as QuestTask;
      expect(task).toMatchObject({ questId: a.questId, progress: "1", quantity: "3", isActive: true });
      expect(heard.a.some((e) => e.event === REALTIME_EVENTS.questUpdated)).toBe(true);
      // B's channel stays quiet: B's own quest did not move.
      await new Promise((r) => setTimeout(r, 300));
      expect(heard.b).toEqual([]);
      expect((await questOf(b.accessToken, b.questId)).tasks[0]!.progress).toBe("0");
    });
  },
  { env: { HOUSE_GAMES_SECRET: SECRET } },
);
