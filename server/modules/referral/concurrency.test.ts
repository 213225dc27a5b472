import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import type { Database } from "../../db/client";
import { systemClock } from "../../lib/clock";
import { assertBooksBalance, openTestDatabase } from "../../test/harness";
import type { DomainFact, StoredFact } from "../facts";
import { deliverFact, recordFact } from "../facts";
import { domainFacts } from "../facts/tables";
import { house, houseBalance } from "../wallet";
import { insertTestPlayer } from "../wallet/test-support";
import { attributeReferral } from "./attribution";
import { codeOf } from "./codes";
import { referralConsumer } from "./rewards";
import { referralQualifications, referralRewards } from "./tables";

const publisher = { publish: async () => {} };

/** Races that only a server with many connections can run: PostgreSQL (TEST_DATABASE_URL) only. */
describe.runIf(process.env.TEST_DATABASE_URL)("referral rewards under concurrency [postgres]", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase("postgres");
  });
  afterAll(() => database.close());
  const db = () => database.db;
  const config = loadConfig({ APP_ENV: "test" });
  let n = 0;

  /** Records a fact and answers it as the relay hands it over. */
  async function stored(fact: Omit<DomainFact, "key" | "occurredAt">): Promise<StoredFact> {
    const key = `race:${fact.kind}:${fact.playerId}:${++n}:${Math.random()}`;
    await recordFact(db(), { ...fact, key, occurredAt: new Date() } as DomainFact);
    const [row] = await db().select().from(domainFacts).where(eq(domainFacts.key, key));
    return { ...row!, playerId: Number(row!.playerId) } as StoredFact;
  }
  const bet = (playerId: bigint, realStake: string) =>
    stored({
      kind: "bet.settled",
      playerId: Number(playerId),
      data: {
        source: "casino",
        currency: "USD",
        stake: realStake,
        realStake,
        payout: "0",
        multiplier: "0",
        withBonus: false,
      },
    });
  const deliver = (consumer: ReturnType<typeof referralConsumer>, fact: StoredFact) =>
    deliverFact({ db: db(), clock: systemClock, publisher }, consumer, fact);

  /** A referrer and `count` players they referred, each with a qualifying deposit of 20 USD handled. */
  async function referredWithDeposits(count: number, consumer: ReturnType<typeof referralConsumer>) {
    const referrer = await insertTestPlayer(db());
    const code = await codeOf(db(), referrer);
    const referred: bigint[] = [];
    for (let i = 0; i < count; i++) {
      const p = await insertTestPlayer(db());
      await attributeReferral(db(), config, { playerId: p, code, at: new Date() });
      const deposit = await stored({
        kind: "deposit.succeeded",
        playerId: Number(p),
        data: { invoiceId: String(n), currency: "USD", amount: "20" },
      });
      expect(await deliver(consumer, deposit)).toBe(true);
      referred.push(p);
    }
    return { referrer, referred };
  }
  const qualification = async (referred: bigint) =>
    (
      await db().select().from(referralQualifications).where(eq(referralQualifications.referredId, referred))
    )[0]!;
  const rewardsOf = async (referrer: bigint) =>
    db().select().from(referralRewards).where(eq(referralRewards.referrerId, referrer));

  it("turnover facts delivered together, each twice, count once each and pay the reward once", {
    timeout: 180_000,
  }, async () => {
    const consumer = referralConsumer(config);
    for (let round = 0; round < 20; round++) {
      const { referrer, referred } = await referredWithDeposits(1, consumer);
      const player = referred[0]!;
      // Three bets of 5, each handed over twice at once: 15 counted, not played through yet.
      const first = await Promise.all(Array.from({ length: 3 }, () => bet(player, "5")));
      const handled = await Promise.all([...first, ...first].map((f) => deliver(consumer, f)));
      expect(handled.filter(Boolean)).toHaveLength(3);
      expect(await qualification(player)).toMatchObject({ status: "playing" });
      expect(Number((await qualification(player)).turnover)).toBe(15);
      expect(await rewardsOf(referrer)).toHaveLength(0);
      // Five more at once, each twice: the one that reaches 20 pays; those after it count for nothing.
      const more = await Promise.all(Array.from({ length: 5 }, () => bet(player, "5")));
      await Promise.all([...more, ...more].map((f) => deliver(consumer, f)));
      const q = await qualification(player);
      expect(q.status).toBe("paid");
      expect(Number(q.turnover)).toBe(20);
      expect(await rewardsOf(referrer)).toHaveLength(1);
      expect(await houseBalance(db(), house.referralEarnings(referrer), "USD")).toBe("5");
    }
    await assertBooksBalance(database);
  });

  it("a withdrawal racing the bet that plays the deposit through: paid or forfeited, never both", {
    timeout: 180_000,
  }, async () => {
    const consumer = referralConsumer(config);
    const seen = new Set<string>();
    for (let round = 0; round < 40; round++) {
      const { referrer, referred } = await referredWithDeposits(1, consumer);
      const player = referred[0]!;
      await deliver(consumer, await bet(player, "15"));
      const last = await bet(player, "5");
      const withdrawal = await stored({
        kind: "withdrawal.completed",
        playerId: Number(player),
        data: { invoiceId: String(n), currency: "USD", amount: "20", status: "success" },
      });
      const pair = round % 2 ? [last, withdrawal] : [withdrawal, last];
      await Promise.all(pair.map((f) => deliver(consumer, f)));
      const q = await qualification(player);
      seen.add(q.status);
      expect(["paid", "forfeited"]).toContain(q.status);
      const earned = await houseBalance(db(), house.referralEarnings(referrer), "USD");
      expect(earned).toBe(q.status === "paid" ? "5" : "0");
      expect(await rewardsOf(referrer)).toHaveLength(q.status === "paid" ? 1 : 0);
    }
    await assertBooksBalance(database);
  });

  it("ten referred players playing through at once pay the referrer no more than the daily limit", {
    timeout: 180_000,
  }, async () => {
    const consumer = referralConsumer({ ...config, REFERRAL_MAX_REWARDS_PER_DAY: 3 });
    for (let round = 0; round < 5; round++) {
      const { referrer, referred } = await referredWithDeposits(10, consumer);
      const bets = await Promise.all(referred.map((p) => bet(p, "20")));
      await Promise.all(bets.map((f) => deliver(consumer, f)));
      const statuses = await Promise.all(referred.map(async (p) => (await qualification(p)).status));
      expect(statuses.filter((s) => s === "paid")).toHaveLength(3);
      expect(statuses.filter((s) => s === "waiting")).toHaveLength(7);
      expect(await rewardsOf(referrer)).toHaveLength(3);
      expect(await houseBalance(db(), house.referralEarnings(referrer), "USD")).toBe("15");
    }
    await assertBooksBalance(database);
  });
});
