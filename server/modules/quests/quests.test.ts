import { eq, like } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Quest } from "#common/api/quests";
import { PLAYER_FREESPIN_STATUS, QUEST_STATE } from "#common/constants";
import { describeEachDb } from "../../test/harness";
import { playerBonuses, playerFreespins } from "../bonus/tables";
import { caller, manualClock } from "../player/test-support";
import type { QuestFact } from "./progress";
import { applyQuestFact, expireQuests, listQuests } from "./service";
import { quests } from "./tables";

const clock = manualClock(Date.parse("2026-11-25T10:00:00Z"));
const HOUR = 3_600_000;

describeEachDb(
  "quests",
  (ctx, kind) => {
    const { call, register } = caller(() => ctx().app);
    const db = () => ctx().database.db;
    const sent: [string, { event: string; data: unknown }][] = [];
    const deps = () => ({ db: db(), clock, publisher: { publish: async () => undefined } });

    async function newPlayer() {
      const { accessToken: token, profile } = await register();
      const opened = await call({ url: "/api/wallet/accounts", body: { currency: "USD" }, token });
      expect(opened.status).toBe(201);
      return { token, playerId: BigInt(profile.id) };
    }
    const questId = async (identity: string) =>
      String((await db().select().from(quests).where(eq(quests.identity, identity)))[0]!.id);
    const list = async (token: string, query = "") =>
      (await call({ method: "GET", url: `/api/retention/quests${query}`, token })).body.data as Quest[];
    const slotsCollection = async (id: string) =>
      Number(
        (await list((await newPlayer()).token)).find((q) => q.id === id)!.tasks[0]!.games!.collections[0]!.id,
      );
    const spin = (gameId: number): QuestFact => ({
      kind: "bet.settled",
      data: {
        source: "casino",
        gameId,
        gameKind: "slots",
        currency: "USD",
        stake: "1",
        payout: "0",
        multiplier: "0",
      },
    });
    /** A game of the collection, found through the lobby's API. */
    async function slotGameId(collectionId: number) {
      const rows = (await db().execute(
        `select game_id from game_collection_games where collection_id = ${collectionId} limit 1`,
      )) as unknown as { rows: { game_id: string }[] };
      return Number(rows.rows[0]!.game_id);
    }
    const apply = (playerId: bigint, fact: QuestFact) =>
      db().transaction((tx) => applyQuestFact(tx, (c, e) => sent.push([c, e]), clock.now(), playerId, fact));

    it("lists the offered quests as state 1, activates one (2) and refuses a second activation", async () => {
      const p = await newPlayer();
      const offered = await list(p.token);
      expect(offered.map((q) => q.state)).toEqual(offered.map(() => QUEST_STATE.new));
      const warmUp = offered.find((q) => q.name === "Harbor warm-up")!;
      expect(warmUp.tasks[0]).toMatchObject({ type: "bet", progress: "0", quantity: "3", isActive: false });
      expect(warmUp.rewards[0]).toMatchObject({ kind: "bonus", amount: "10", currency: "USD" });

      const activated = await call({
        method: "PUT",
        url: `/api/retention/quests/${warmUp.id}/activate`,
        token: p.token,
      });
      expect(activated.status).toBe(200);
      expect(activated.body.data).toMatchObject({ state: QUEST_STATE.inProgress, currency: "USD" });
      expect(activated.body.data.tasks[0].isActive).toBe(true);
      expect(Date.parse(activated.body.data.expiresAt) - clock.now().getTime()).toBe(24 * HOUR);

      const again = await call({
        method: "PUT",
        url: `/api/retention/quests/${warmUp.id}/activate`,
        token: p.token,
      });
      expect([again.status, again.body.code]).toEqual([409, "quest_not_available"]);
      expect((await list(p.token, "?state[]=2")).map((q) => q.id)).toEqual([warmUp.id]);
      expect((await list(p.token, "?state=1")).some((q) => q.id === warmUp.id)).toBe(false);

      // Another player's list is their own.
      const other = await newPlayer();
      expect((await list(other.token)).find((q) => q.id === warmUp.id)!.state).toBe(QUEST_STATE.new);
      const missing = await call({
        method: "PUT",
        url: "/api/retention/quests/999999/activate",
        token: p.token,
      });
      expect(missing.status).toBe(404);
    });

    it("cancel ends a running quest (6) for good", async () => {
      const p = await newPlayer();
      const id = await questId("slot-explorer");
      await call({ method: "PUT", url: `/api/retention/quests/${id}/activate`, token: p.token });
      const cancelled = await call({
        method: "PUT",
        url: `/api/retention/quests/${id}/cancel`,
        token: p.token,
      });
      expect([cancelled.status, cancelled.body.data.state]).toEqual([200, QUEST_STATE.expiredAfterStart]);
      const twice = await call({ method: "PUT", url: `/api/retention/quests/${id}/cancel`, token: p.token });
      expect(twice.status).toBe(409);
      const retake = await call({
        method: "PUT",
        url: `/api/retention/quests/${id}/activate`,
        token: p.token,
      });
      expect(retake.status).toBe(409);
    });

    it("settled spins move the task, complete the quest and grant its bonus once", async () => {
      const p = await newPlayer();
      const id = await questId("harbor-warm-up");
      const game = await slotGameId(await slotsCollection(id));
      await call({ method: "PUT", url: `/api/retention/quests/${id}/activate`, token: p.token });
      sent.length = 0;
      await apply(p.playerId, spin(game));
      await apply(p.playerId, spin(game));
      let q = (await list(p.token)).find((x) => x.id === id)!;
      expect([q.state, q.tasks[0]!.progress]).toEqual([QUEST_STATE.inProgress, "2"]);
      expect(sent.map(([c, e]) => [c, e.event])).toContainEqual([
        `retention:quests#${p.playerId}`,
        "quest.task.updated",
      ]);
      const completed = await apply(p.playerId, spin(game));
      expect(completed).toHaveLength(1);
      await apply(p.playerId, spin(game));
      q = (await list(p.token)).find((x) => x.id === id)!;
      expect(q.state).toBe(QUEST_STATE.completed);
      expect(q.tasks[0]).toMatchObject({ progress: "3", isCompleted: true, isActive: false });
      expect(q.rewards[0]).toMatchObject({ kind: "bonus", playerBonusId: expect.any(String) });
      const bonuses = await db().select().from(playerBonuses).where(eq(playerBonuses.playerId, p.playerId));
      expect(bonuses.map((b) => [b.kind, b.amount])).toEqual([["quest", "10.000000000000000000"]]);
    });

    it(`rewards once when the completing facts race${kind === "postgres" ? " (PostgreSQL, concurrent)" : ""}`, async () => {
      const p = await newPlayer();
      const id = await questId("harbor-warm-up");
      const game = await slotGameId(await slotsCollection(id));
      await call({ method: "PUT", url: `/api/retention/quests/${id}/activate`, token: p.token });
      await apply(p.playerId, spin(game));
      await apply(p.playerId, spin(game));
      const results = await Promise.all(Array.from({ length: 6 }, () => apply(p.playerId, spin(game))));
      expect(results.flat()).toHaveLength(1);
      const rewards = await db()
        .select()
        .from(playerBonuses)
        .where(like(playerBonuses.sourceRef, "quest:%"))
        .then((rows) => rows.filter((r) => r.playerId === p.playerId));
      expect(rewards).toHaveLength(1);
    });

    it("a free-spin reward issues the package's spins once, active, and the quest shows them", async () => {
      const id = await questId("harbor-warm-up");
      const rewards = [
        { kind: "bonus" as const, bonusIdentity: "code-welcome10" },
        { kind: "freespins" as const, bonusIdentity: "freespins-20" },
      ];
      const [before] = await db()
        .select()
        .from(quests)
        .where(eq(quests.id, Number(id)));
      await db()
        .update(quests)
        .set({ rewards })
        .where(eq(quests.id, Number(id)));
      try {
        const p = await newPlayer();
        const game = await slotGameId(await slotsCollection(id));
        let q = (await list(p.token)).find((x) => x.id === id)!;
        expect(q.rewards[1]).toEqual({
          kind: "freespins",
          name: "20 free spins on Harbor Fortune",
          count: 20,
          gameName: "Harbor Fortune",
          amount: "0.2",
          currency: "USD",
          playerFreespinId: null,
        });
        await call({ method: "PUT", url: `/api/retention/quests/${id}/activate`, token: p.token });
        await apply(p.playerId, spin(game));
        await apply(p.playerId, spin(game));
        await Promise.all(Array.from({ length: 4 }, () => apply(p.playerId, spin(game))));
        const spins = await db()
          .select()
          .from(playerFreespins)
          .where(eq(playerFreespins.playerId, p.playerId));
        expect(spins.map((s) => [s.count, s.status, s.sourceRef])).toEqual([
          [20, PLAYER_FREESPIN_STATUS.active, expect.stringMatching(/^quest:\d+:reward:1$/)],
        ]);
        q = (await list(p.token)).find((x) => x.id === id)!;
        expect(q.rewards.map((r) => (r.kind === "bonus" ? r.playerBonusId : r.playerFreespinId))).toEqual([
          expect.any(String),
          String(spins[0]!.id),
        ]);
      } finally {
        await db()
          .update(quests)
          .set({ rewards: before!.rewards })
          .where(eq(quests.id, Number(id)));
      }
    });

    it("a running quest ends by time (6); an expired one no longer moves", async () => {
      const p = await newPlayer();
      const id = await questId("harbor-warm-up");
      const game = await slotGameId(await slotsCollection(id));
      await call({ method: "PUT", url: `/api/retention/quests/${id}/activate`, token: p.token });
      clock.advance(23 * HOUR);
      await expireQuests(deps());
      expect((await listQuests(deps(), p.playerId, { states: [] })).find((x) => x.id === id)!.state).toBe(
        QUEST_STATE.inProgress,
      );
      clock.advance(HOUR);
      // Past its end the facts no longer count, even before the job ran.
      expect(await apply(p.playerId, spin(game))).toEqual([]);
      expect(await expireQuests(deps())).toBeGreaterThanOrEqual(1);
      const q = (await listQuests(deps(), p.playerId, { states: [] })).find((x) => x.id === id)!;
      expect([q.state, q.tasks[0]!.progress, q.tasks[0]!.isActive]).toEqual([
        QUEST_STATE.expiredAfterStart,
        "0",
        false,
      ]);
    });
  },
  { clock },
);
