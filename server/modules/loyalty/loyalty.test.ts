import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { PLAYER_ACCOUNT_EVENT } from "#common/api/loyalty";
import { playerChannel } from "#common/realtime";
import { systemClock } from "../../lib/clock";
import { createTestApp, dbKinds, describeEachDb } from "../../test/harness";
import { playerBonuses } from "../bonus/tables";
import type { BetSettledData } from "../facts";
import { deliverFact, drainFacts, recordFact, replayFacts } from "../facts";
import { domainFacts } from "../facts/tables";
import { caller } from "../player/test-support";
import { fundedPlayer } from "../sportsbook/test-support";
import { pointsFor } from "./service";
import { loyaltyAccounts, loyaltyLevelsReached } from "./tables";

const sent: [string, string, unknown][] = [];
const publisher = {
  publish: async (ch: string, e: { event: string; data: unknown }) => void sent.push([ch, e.event, e.data]),
};
afterEach(() => {
  sent.length = 0;
});

let n = 0;
const bet = (over: Partial<BetSettledData> = {}): BetSettledData => ({
  source: "casino",
  gameKind: "slots",
  currency: "USD",
  stake: "4",
  realStake: "4",
  payout: "0",
  multiplier: "0",
  withBonus: false,
  ...over,
});
const settled = (playerId: bigint, data: BetSettledData) => ({
  kind: "bet.settled" as const,
  playerId: Number(playerId),
  key: `test:bet:${playerId}:${++n}`,
  occurredAt: new Date(),
  data,
});

describeEachDb(
  "loyalty",
  (ctx) => {
    const db = () => ctx().database.db;
    const { call, register } = caller(() => ctx().app);
    const deps = () => ({ db: db(), clock: systemClock, publisher });
    const account = async (playerId: bigint) =>
      (await db().select().from(loyaltyAccounts).where(eq(loyaltyAccounts.playerId, playerId)))[0];
    const levelFacts = async (playerId: bigint) =>
      (await db().select().from(domainFacts).where(eq(domainFacts.playerId, playerId))).filter(
        (f) => f.kind === "level.reached",
      );

    it("earns points per unit of real money staked, by kind of play, in the base currency", async () => {
      const p = (over: Partial<BetSettledData>) =>
        pointsFor(db(), bet({ stake: "10", realStake: "10", ...over }));
      expect(await p({ gameKind: "slots" })).toBe("10");
      expect(await p({ gameKind: "tables" })).toBe("5");
      expect(await p({ gameKind: "live" })).toBe("5");
      expect(await p({ gameKind: "crash" })).toBe("5");
      expect(await p({ source: "sportsbook", gameKind: undefined })).toBe("10");
      // EUR at 1.08 USD; rounded down to cents.
      expect(await p({ currency: "EUR", realStake: "3.33" })).toBe("3.59");
      // Bonus money earns nothing: only the real part of the stake counts.
      expect(await p({ realStake: "0", withBonus: true })).toBe("0");
      expect(await p({ realStake: "2.5", withBonus: true })).toBe("2.5");
    });

    it("reaches a level once, grants its reward once, and tells the player on their channel", async () => {
      const { playerId } = await fundedPlayer(db(), "0");
      await recordFact(db(), settled(playerId, bet({ realStake: "3" })));
      await recordFact(db(), settled(playerId, bet({ realStake: "3" })));
      // Delivered with this test's publisher (the app's relay announces on the app's hub); other consumers
      // (quests, messages) take the same facts and are not this test's.
      expect(await replayFacts(deps(), Number(playerId), ["loyalty"])).toBe(2);
      // 6 points pass Bronze (5), whose reward is 1 point.
      expect(await account(playerId)).toMatchObject({ levelOrder: 1 });
      expect(Number((await account(playerId))!.points)).toBe(7);
      expect(await levelFacts(playerId)).toHaveLength(1);
      const mine = sent.filter(([ch]) => ch === playerChannel("loyalty", playerId));
      expect(mine.at(-1)).toEqual([
        playerChannel("loyalty", playerId),
        PLAYER_ACCOUNT_EVENT,
        {
          points: "7",
          currentLevel: { name: "Bronze", points: "5", order: 1 },
          nextLevel: { name: "Silver", points: "250" },
        },
      ]);
      // Silver gives a 5 USD bonus, issued once even when later bets pass its threshold again.
      await recordFact(db(), settled(playerId, bet({ realStake: "300" })));
      await recordFact(db(), settled(playerId, bet({ realStake: "1" })));
      await drainFacts(db(), deps());
      expect((await account(playerId))!.levelOrder).toBe(2);
      const bonuses = await db().select().from(playerBonuses).where(eq(playerBonuses.playerId, playerId));
      expect(bonuses.map((b) => [b.name, Number(b.amount), b.currency])).toEqual([
        ["Silver level", 5, "USD"],
      ]);
      expect((await levelFacts(playerId)).map((f) => (f.data as { order: number }).order)).toEqual([1, 2]);
    });

    it("passes several levels at once with one big bet, each reached once", async () => {
      const { playerId } = await fundedPlayer(db(), "0");
      await recordFact(db(), settled(playerId, bet({ realStake: "1200" })));
      await drainFacts(db(), deps());
      expect((await account(playerId))!.levelOrder).toBe(3);
      const reached = await db()
        .select()
        .from(loyaltyLevelsReached)
        .where(eq(loyaltyLevelsReached.playerId, playerId));
      expect(reached).toHaveLength(3);
      // 1200 + 1 (Bronze) + 50 (Gold).
      expect(Number((await account(playerId))!.points)).toBe(1251);
    });

    it("levels up exactly once when two settlements of one player are handled at the same time", async () => {
      const { playerId } = await fundedPlayer(db(), "0");
      for (const _ of [1, 2, 3, 4]) await recordFact(db(), settled(playerId, bet({ realStake: "140" })));
      const facts = await db().select().from(domainFacts).where(eq(domainFacts.playerId, playerId));
      const { loyaltyConsumer } = await import("./service");
      await Promise.all(
        facts.map((f) =>
          deliverFact(deps(), loyaltyConsumer, {
            id: f.id,
            kind: "bet.settled",
            key: f.key,
            playerId: Number(f.playerId),
            occurredAt: f.occurredAt,
            data: f.data as BetSettledData,
          }),
        ),
      );
      // 560 + 1 (Bronze): Bronze and Silver, each once, one Silver bonus.
      expect(await account(playerId)).toMatchObject({ levelOrder: 2 });
      expect(Number((await account(playerId))!.points)).toBe(561);
      expect(await levelFacts(playerId)).toHaveLength(2);
      const bonuses = await db().select().from(playerBonuses).where(eq(playerBonuses.playerId, playerId));
      expect(bonuses).toHaveLength(1);
    });

    it("gives the same account when a player's whole fact stream is fed twice", async () => {
      const { playerId } = await fundedPlayer(db(), "0");
      for (const stake of ["2", "4", "260", "0.5"])
        await recordFact(db(), settled(playerId, bet({ realStake: stake })));
      await drainFacts(db(), deps());
      const once = await account(playerId);
      const levels = await levelFacts(playerId);
      expect(await replayFacts(deps(), Number(playerId))).toBe(0);
      await drainFacts(db(), deps());
      expect(await account(playerId)).toEqual(once);
      expect(await levelFacts(playerId)).toEqual(levels);
    });

    it("answers the levels to anyone and the account to its player", async () => {
      const levels = await call({ method: "GET", url: "/api/retention/levels" });
      expect(levels.status).toBe(200);
      expect(levels.body.data[0]).toMatchObject({
        name: "Bronze",
        points: "5",
        order: 1,
        rewards: { points: "1" },
      });
      expect((await call({ method: "GET", url: "/api/retention/account" })).status).toBe(401);
      const { accessToken } = await register();
      const mine = await call({ method: "GET", url: "/api/retention/account", token: accessToken });
      expect(mine.body).toEqual({
        data: { points: "0", currentLevel: null, nextLevel: { name: "Bronze", points: "5" } },
      });
    });
  },
  { env: { FACTS_POLL_MS: "60000" } },
);

it("LOYALTY_ENABLED=false: the loyalty calls answer 404", { timeout: 60_000 }, async () => {
  const t = await createTestApp(dbKinds()[0]!, { env: { LOYALTY_ENABLED: "false" } });
  try {
    expect((await t.app.inject("/api/retention/levels")).statusCode).toBe(404);
    expect((await t.app.inject("/api/retention/account")).statusCode).toBe(404);
  } finally {
    await t.app.close();
    await t.database.close();
  }
});
