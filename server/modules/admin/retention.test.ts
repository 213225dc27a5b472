import { and, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { QUEST_STATE } from "#common/constants";
import { loadConfig } from "../../config";
import { describeEachDb } from "../../test/harness";
import { drainFacts, recordFact } from "../facts";
import { seedLoyalty } from "../loyalty";
import { loyaltyAccounts, loyaltyLevels } from "../loyalty/tables";
import { players } from "../player/tables";
import { caller } from "../player/test-support";
import { seedQuests } from "../quests";
import { playerQuests, playerQuestTasks, quests } from "../quests/tables";
import { attributeReferral } from "../referral";
import { codeOf, countTurnover, startQualification } from "../referral/test-support";
import { fundedPlayer } from "../sportsbook/test-support";
import { adminAudit } from "../staff/tables";
import { staffToken } from "../staff/test-support";
import { insertTestPlayer } from "../wallet/test-support";

const publisher = { publish: async () => {} };
const config = loadConfig({ APP_ENV: "test" });

/** The retention editors (decision 0027): quests, loyalty levels and referral rules, with their rules. */
describeEachDb(
  "back-office retention",
  (ctx) => {
    const { call, register } = caller(() => ctx().app);
    const db = () => ctx().database.db;
    let marketing: string;
    const admin = async (method: "GET" | "POST" | "PATCH" | "PUT", url: string, body?: unknown) => {
      marketing ??= (await staffToken(ctx().app, db(), ["marketing"])).token;
      return call({ method, url: `/api/admin/retention${url}`, body, token: marketing });
    };
    const audits = async (targetType: string) =>
      db().select().from(adminAudit).where(eq(adminAudit.targetType, targetType)).orderBy(adminAudit.id);
    const levels = async () =>
      (await admin("GET", "/loyalty/levels")).body.data as { id: string; name: string; points: string }[];
    const level = async (name: string) => (await levels()).find((l) => l.name === name)!;
    const bet = (playerId: bigint, realStake: string) =>
      recordFact(db(), {
        kind: "bet.settled",
        playerId: Number(playerId),
        key: `retention-test:${playerId}:${Date.now()}:${Math.random()}`,
        occurredAt: new Date(),
        data: {
          source: "casino",
          gameKind: "slots",
          currency: "USD",
          stake: realStake,
          realStake,
          payout: "0",
          multiplier: "0",
          withBonus: false,
        },
      });

    it("keeps loyalty thresholds strictly increasing: a threshold at or past a neighbour's is 422 on points and changes nothing", async () => {
      const silver = await level("Silver");
      const before = await levels();
      const auditsBefore = (await audits("loyalty_level")).length;
      for (const points of ["1000", "5000", "5", "2", "0", "abc"]) {
        const res = await admin("PATCH", `/loyalty/levels/${silver.id}`, { points, name: "Changed" });
        expect(res.status, points).toBe(422);
        expect(Object.keys(res.body.errors), points).toEqual(["points"]);
      }
      const badBonus = await admin("PATCH", `/loyalty/levels/${silver.id}`, {
        rewardBonus: { amounts: [{ currency: "USD", amount: "-5" }], wageringMultiplier: "10" },
      });
      expect(badBonus.status).toBe(422);
      expect(Object.keys(badBonus.body.errors)[0]).toMatch(/^rewardBonus/);
      expect(await levels()).toEqual(before);
      expect(await audits("loyalty_level")).toHaveLength(auditsBefore);
      expect((await admin("PATCH", "/loyalty/levels/999999", { name: "X" })).status).toBe(404);
    });

    it("edits a level with one audit record, and the player-facing levels show it at once", async () => {
      const gold = await level("Gold");
      const res = await admin("PATCH", `/loyalty/levels/${gold.id}`, {
        points: "1200",
        rewardPoints: "75",
        rewardBonus: { amounts: [{ currency: "USD", amount: "25" }], wageringMultiplier: "8" },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const trail = await audits("loyalty_level");
      expect(trail.at(-1)).toMatchObject({
        action: "retention.loyalty-level.change",
        targetId: gold.id,
        before: { points: "1000", rewards: { points: "50" } },
        after: {
          points: "1200",
          rewards: {
            points: "75",
            bonus: { amounts: [{ currency: "USD", amount: "25" }], wageringMultiplier: "8" },
          },
        },
      });
      const shown = await call({ method: "GET", url: "/api/retention/levels" });
      expect(shown.body.data.find((l: { order: number }) => l.order === 3)).toMatchObject({
        points: "1200",
        rewards: { points: "75", bonus: { amounts: [{ currency: "USD", amount: "25" }] } },
      });
    });

    it("a moved threshold takes nobody down; a lowered one is reached, with its reward, on the player's next bet", async () => {
      const { playerId } = await fundedPlayer(db(), "0");
      await bet(playerId, "100");
      await drainFacts(db(), { publisher });
      const account = async () =>
        (await db().select().from(loyaltyAccounts).where(eq(loyaltyAccounts.playerId, playerId)))[0]!;
      expect((await account()).levelOrder).toBe(1); // 100 + 1 points: Bronze, short of Silver (250)
      const silver = await level("Silver");
      expect((await admin("PATCH", `/loyalty/levels/${silver.id}`, { points: "90" })).status).toBe(200);
      // Nothing at once: the player is recomputed on their next activity.
      expect((await account()).levelOrder).toBe(1);
      await bet(playerId, "1");
      await drainFacts(db(), { publisher });
      expect((await account()).levelOrder).toBe(2);
      const me = await call({ method: "GET", url: "/api/retention/levels" });
      expect(me.body.data[1].points).toBe("90");
      // Raised again above their points: they keep Silver and its reward.
      expect((await admin("PATCH", `/loyalty/levels/${silver.id}`, { points: "250" })).status).toBe(200);
      await bet(playerId, "1");
      await drainFacts(db(), { publisher });
      expect((await account()).levelOrder).toBe(2);
    });

    const questBody = (identity: string) => ({
      identity,
      name: "Weekend spinner",
      description: "Spin five times.",
      translations: { ru: { name: "Спины выходного дня", description: "Пять спинов." } },
      durationHours: 48,
      rewards: [{ kind: "bonus", bonusIdentity: "code-welcome10" }],
      tasks: [{ type: "bet", quantity: "5" }],
    });

    it("refuses a bad quest with 422 naming the field, and creates nothing", async () => {
      const count = async () => Number((await db().select({ n: sql`count(*)` }).from(quests))[0]!.n);
      const had = await count();
      const cases: [unknown, string][] = [
        [
          { ...questBody("bad-1"), rewards: [{ kind: "bonus", bonusIdentity: "no-such-bonus" }] },
          "rewards.0.bonusIdentity",
        ],
        [
          { ...questBody("bad-2"), rewards: [{ kind: "freespins", bonusIdentity: "code-welcome10" }] },
          "rewards.0.bonusIdentity",
        ],
        [
          { ...questBody("bad-3"), tasks: [{ type: "win-multiplier", quantity: "1" }] },
          "tasks.0.minMultiplier",
        ],
        [{ ...questBody("bad-4"), tasks: [{ type: "bet", quantity: "0" }] }, "tasks.0.quantity"],
        [{ ...questBody("bad-5"), tasks: [{ type: "bet", quantity: "2.5" }] }, "tasks.0.quantity"],
        [{ ...questBody("bad-6"), tasks: [{ type: "fly", quantity: "1" }] }, "tasks.0.type"],
        [{ ...questBody("bad-7"), tasks: [] }, "tasks"],
        [
          { ...questBody("bad-8"), startsAt: "2027-01-02T00:00:00Z", endsAt: "2027-01-01T00:00:00Z" },
          "endsAt",
        ],
        [{ ...questBody("Bad Identity") }, "identity"],
      ];
      for (const [body, field] of cases) {
        const res = await admin("POST", "/quests", body);
        expect(res.status, field).toBe(422);
        expect(Object.keys(res.body.errors), field).toContain(field);
      }
      expect(await count()).toBe(had);
    });

    it("a running quest's goal cannot change (409 on tasks, progress kept); its names and reward can, and apply at once", async () => {
      const made = await admin("POST", "/quests", questBody("weekend-spinner"));
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const id = made.body.data.id as string;
      expect((await audits("quest")).at(-1)).toMatchObject({
        action: "retention.quest.create",
        before: null,
        after: { identity: "weekend-spinner", tasks: [{ type: "bet", quantity: "5" }] },
      });
      expect((await admin("POST", "/quests", questBody("weekend-spinner"))).status).toBe(409);

      const { accessToken, profile } = await register();
      await db()
        .update(players)
        .set({ language: "ru" })
        .where(eq(players.id, BigInt(profile.id)));
      await call({ url: "/api/wallet/accounts", body: { currency: "USD" }, token: accessToken });
      const activated = await call({
        method: "PUT",
        url: `/api/retention/quests/${id}/activate`,
        token: accessToken,
      });
      expect(activated.status, JSON.stringify(activated.body)).toBe(200);
      // The player reads the quest in their language.
      expect(activated.body.data.name).toBe("Спины выходного дня");
      const pq = (
        await db()
          .select()
          .from(playerQuests)
          .where(eq(playerQuests.questId, Number(id)))
      )[0]!;
      await db()
        .update(playerQuestTasks)
        .set({ progress: "3" })
        .where(eq(playerQuestTasks.playerQuestId, pq.id));

      const before = (await admin("GET", "/quests")).body.data.find((q: { id: string }) => q.id === id);
      expect(before.runningCount).toBe(1);
      const auditsBefore = (await audits("quest")).length;
      const refused = await admin("PATCH", `/quests/${id}`, {
        tasks: [{ type: "bet", quantity: "2" }],
        name: "X",
      });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe("quest_running");
      expect(Object.keys(refused.body.errors)).toEqual(["tasks"]);
      expect((await admin("GET", "/quests")).body.data.find((q: { id: string }) => q.id === id)).toEqual(
        before,
      );
      expect(await audits("quest")).toHaveLength(auditsBefore);
      const progress = await db()
        .select()
        .from(playerQuestTasks)
        .where(eq(playerQuestTasks.playerQuestId, pq.id));
      expect(progress.map((p) => Number(p.progress))).toEqual([3]);

      // Names, translations and the reward change while it runs.
      const renamed = await admin("PATCH", `/quests/${id}`, {
        translations: { ru: { name: "Пять спинов", description: "" } },
        rewards: [{ kind: "freespins", bonusIdentity: "freespins-20" }],
      });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect((await audits("quest")).at(-1)).toMatchObject({
        action: "retention.quest.change",
        targetId: id,
        before: { rewards: [{ kind: "bonus", bonusIdentity: "code-welcome10" }] },
        after: { rewards: [{ kind: "freespins", bonusIdentity: "freespins-20" }] },
      });
      const mine = await call({ method: "GET", url: "/api/retention/quests", token: accessToken });
      const seen = mine.body.data.find((q: { id: string }) => q.id === id);
      expect(seen.name).toBe("Пять спинов");
      expect(seen.rewards[0]).toMatchObject({ kind: "freespins", count: 20 });
      expect(seen.tasks[0]).toMatchObject({ progress: "3", quantity: "5" });

      // Once nobody runs it, the goal may change: tasks keep their ids by position.
      await call({ method: "PUT", url: `/api/retention/quests/${id}/cancel`, token: accessToken });
      const changed = await admin("PATCH", `/quests/${id}`, {
        tasks: [
          { type: "bet", quantity: "8" },
          { type: "deposit", quantity: "20" },
        ],
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(
        changed.body.data.tasks.map((t: { type: string; quantity: string }) => [t.type, t.quantity]),
      ).toEqual([
        ["bet", "8"],
        ["deposit", "20"],
      ]);
      expect(changed.body.data.tasks[0].id).toBe(before.tasks[0].id);
      const ended = (await db().select().from(playerQuests).where(eq(playerQuests.id, pq.id)))[0]!;
      expect(ended.state).toBe(QUEST_STATE.expiredAfterStart);
      // Switched off: no longer offered to players who never took it.
      expect((await admin("PATCH", `/quests/${id}`, { isEnabled: false })).status).toBe(200);
      const other = await register();
      const offered = await call({ method: "GET", url: "/api/retention/quests", token: other.accessToken });
      expect(offered.body.data.map((q: { id: string }) => q.id)).not.toContain(id);
    });

    it("sets the referral rules with one audit record; the terms and the next first deposit follow them", async () => {
      const initial = await admin("GET", "/referral");
      expect(initial.body.data).toMatchObject({
        fromStaff: false,
        revenueSharePercent: config.REFERRAL_REVENUE_SHARE_PERCENT,
      });
      const auditsBefore = (await audits("referral_rules")).length;
      for (const [body, field] of [
        [{ firstDeposit: [], revenueSharePercent: "120" }, "revenueSharePercent"],
        [
          { firstDeposit: [{ currency: "USD", reward: "-1", minDeposit: null }], revenueSharePercent: "5" },
          "firstDeposit.0.reward",
        ],
        [
          {
            firstDeposit: [
              { currency: "USD", reward: "1", minDeposit: null },
              { currency: "usd", reward: "2", minDeposit: null },
            ],
            revenueSharePercent: "5",
          },
          "firstDeposit",
        ],
      ] as const) {
        const res = await admin("PUT", "/referral", body);
        expect(res.status, field).toBe(422);
        expect(Object.keys(res.body.errors), field).toContain(field);
      }
      expect(await audits("referral_rules")).toHaveLength(auditsBefore);

      const saved = await admin("PUT", "/referral", {
        firstDeposit: [{ currency: "USD", reward: "12.5", minDeposit: "30" }],
        revenueSharePercent: "7.5",
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(await audits("referral_rules")).toHaveLength(auditsBefore + 1);
      expect((await audits("referral_rules")).at(-1)).toMatchObject({
        before: { fromStaff: false },
        after: {
          fromStaff: true,
          revenueSharePercent: "7.5",
          firstDeposit: [{ currency: "USD", reward: "12.5", minDeposit: "30" }],
        },
      });
      const terms = await call({ method: "GET", url: "/api/referral/terms" });
      expect(terms.body.data).toEqual({
        firstDeposit: [{ currency: "USD", reward: "12.5", minDeposit: "30" }],
        rewardTurnover: "1",
        maxRewardsPerDay: 10,
        revenueSharePercent: "7.5",
        periodDays: 1,
      });
      const referrer = await insertTestPlayer(db());
      const referred = await insertTestPlayer(db());
      await attributeReferral(db(), config, {
        playerId: referred,
        code: await codeOf(db(), referrer),
        at: new Date(),
      });
      const deposit = (currency: string, amount: string) =>
        startQualification(db(), config, {
          playerId: Number(referred),
          occurredAt: new Date(),
          data: { currency, amount },
        });
      // 20 passed the configured minimum (10), not the staff's (30); EUR has no reward any more.
      expect(await deposit("USD", "20")).toBe("none");
      expect(await deposit("EUR", "50")).toBe("none");
      expect(await deposit("USD", "30")).toBe("playing");
      // Paid once the 30 is played through (decision 0017).
      const bet = {
        playerId: Number(referred),
        occurredAt: new Date(),
        data: { currency: "USD", realStake: "30" },
      };
      expect(await countTurnover(db(), config, bet, new Date())).toBe(true);
      const rows = await db().execute(
        sql`select amount::text as amount from referral_rewards where referred_id = ${referred}`,
      );
      expect((rows as unknown as { rows: { amount: string }[] }).rows.map((r) => Number(r.amount))).toEqual([
        12.5,
      ]);
    });

    it("a restart's seeding keeps what staff changed", async () => {
      const bronze = await level("Bronze");
      expect(
        (await admin("PATCH", `/loyalty/levels/${bronze.id}`, { name: "Copper", points: "6" })).status,
      ).toBe(200);
      const [warmUp] = await db().select().from(quests).where(eq(quests.identity, "harbor-warm-up"));
      expect(
        (
          await admin("PATCH", `/quests/${warmUp!.id}`, {
            name: "Harbor warm-up, staff's",
            durationHours: 12,
          })
        ).status,
      ).toBe(200);
      await seedLoyalty(db());
      await seedQuests(db());
      const [copper] = await db()
        .select()
        .from(loyaltyLevels)
        .where(and(eq(loyaltyLevels.order, 1)));
      expect(copper).toMatchObject({ name: "Copper" });
      expect(Number(copper!.points)).toBe(6);
      const [again] = await db().select().from(quests).where(eq(quests.identity, "harbor-warm-up"));
      expect(again).toMatchObject({ name: "Harbor warm-up, staff's", durationHours: 12 });
      expect((await db().select().from(loyaltyLevels)).length).toBe(5);
    });
  },
  { env: { FACTS_POLL_MS: "60000" } },
);
