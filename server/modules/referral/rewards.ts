import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { addAmounts, compareAmounts, fromUnits, normalizeAmount, toUnits } from "#common/money";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { afterCommit, type Publisher } from "../../realtime/publisher";
import type { FactConsumer } from "../facts";
import { referralRulesOf } from "./rules";
import { announceEarned, creditReward, type ReferralConfig } from "./service";
import { referralCodes, referralQualifications, referralRewards, referrals } from "./tables";

/**
 * The first-deposit reward, earned by play rather than by a deposit alone (decision 0017, issue #35: referrers
 * were paid 5 USD per referred account that deposited 20 USD and withdrew it at once). A referred player's first
 * qualifying deposit opens a qualification; their settled bets' real-money stakes in its currency count towards
 * REFERRAL_REWARD_TURNOVER × the deposit; reaching it pays the referrer (or, past REFERRAL_MAX_REWARDS_PER_DAY in
 * 24 hours, queues the reward); a withdrawal paid out first forfeits it for good.
 *
 * Every change takes the referrer's code row lock, then the qualification's row lock — one order everywhere (the
 * transfers of earnings take the same code row) — so concurrent facts of one referred player, and rewards of one
 * referrer reaching their limit together, are decided one after the other. The relay's consumption row counts
 * each fact once; the reward's key and its ledger entry's idempotency key pay it once.
 */

type Send = (channel: string, event: { event: string; data: unknown }) => void;
type Qualification = typeof referralQualifications.$inferSelect;

const DAY_MS = 86_400_000;
const units = (v: string | null | undefined) => toUnits(v ?? "0") ?? 0n;
const decimal = (v: string | null | undefined) => normalizeAmount(v ?? "0") ?? "0";

/** The turnover a deposit needs: the multiplier (2 decimals at most) × the deposit. */
export const turnoverFor = (deposit: string, multiplier: string) =>
  fromUnits((units(deposit) * units(multiplier)) / 10n ** 18n);

/** The referrer's code row, locked: the first lock of every reward change (and of their transfers). */
const lockReferrer = (tx: Db, referrerId: bigint) =>
  tx
    .select({ id: referralCodes.playerId })
    .from(referralCodes)
    .where(eq(referralCodes.playerId, referrerId))
    .for("update");

/** The referred player's qualification, its referrer's lock and then its own taken (in that order). */
async function lockedQualification(tx: Db, referredId: bigint): Promise<Qualification | undefined> {
  const [seen] = await tx
    .select({ referrerId: referralQualifications.referrerId })
    .from(referralQualifications)
    .where(eq(referralQualifications.referredId, referredId));
  if (!seen) return undefined;
  await lockReferrer(tx, seen.referrerId);
  const [row] = await tx
    .select()
    .from(referralQualifications)
    .where(eq(referralQualifications.referredId, referredId))
    .for("update");
  return row;
}

/** First-deposit rewards paid to this referrer in the 24 hours before `now`. */
async function paidInDay(tx: Db, referrerId: bigint, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(referralRewards)
    .where(
      and(
        eq(referralRewards.referrerId, referrerId),
        eq(referralRewards.kind, "first_deposit"),
        gt(referralRewards.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  return row?.n ?? 0;
}

/**
 * A played-through qualification (its locks held): paid now, or `waiting` while the referrer already had
 * REFERRAL_MAX_REWARDS_PER_DAY rewards in the last 24 hours. Answers whether it was paid now.
 */
async function payOrWait(
  tx: Db,
  config: ReferralConfig,
  q: Qualification,
  now: Date,
  send?: Send,
): Promise<boolean> {
  const max = config.REFERRAL_MAX_REWARDS_PER_DAY;
  if (max > 0 && (await paidInDay(tx, q.referrerId, now)) >= max) {
    if (q.status !== "waiting")
      await tx
        .update(referralQualifications)
        .set({ status: "waiting" })
        .where(eq(referralQualifications.referredId, q.referredId));
    return false;
  }
  const credited = await creditReward(tx, {
    referrerId: q.referrerId,
    referredId: q.referredId,
    kind: "first_deposit",
    period: "first-deposit",
    currency: q.currency,
    amount: decimal(q.reward),
    base: decimal(q.deposit),
    at: now,
  });
  await tx
    .update(referralQualifications)
    .set({ status: "paid", decidedAt: now })
    .where(eq(referralQualifications.referredId, q.referredId));
  if (credited) announceEarned(send, q.referrerId, q.currency, decimal(q.reward));
  return credited;
}

/**
 * A `deposit.succeeded` fact: the referred player's first deposit that reaches the minimum in a rewarded currency
 * opens their qualification, with the reward and the turnover in force now; once per referred player. A turnover
 * of 0 pays at once. Answers what became of it.
 */
export async function startQualification(
  tx: Db,
  config: ReferralConfig,
  fact: { playerId: number; occurredAt: Date; data: { currency: string; amount: string } },
  now: Date = fact.occurredAt,
  send?: Send,
): Promise<"none" | "playing" | "paid" | "waiting"> {
  const referredId = BigInt(fact.playerId);
  const [attributed] = await tx.select().from(referrals).where(eq(referrals.referredId, referredId));
  if (!attributed) return "none";
  const rule = (await referralRulesOf(tx, config)).firstDeposit.find(
    (f) => f.currency === fact.data.currency,
  );
  if (!rule || units(rule.reward) <= 0n) return "none";
  if (rule.minDeposit && compareAmounts(fact.data.amount, rule.minDeposit) < 0) return "none";
  // Paid before qualifications existed: nothing more.
  const [rewarded] = await tx
    .select({ id: referralRewards.referrerId })
    .from(referralRewards)
    .where(and(eq(referralRewards.referredId, referredId), eq(referralRewards.kind, "first_deposit")));
  if (rewarded) return "none";
  await lockReferrer(tx, attributed.referrerId);
  const deposit = decimal(fact.data.amount);
  const required = turnoverFor(deposit, config.REFERRAL_REWARD_TURNOVER);
  const [q] = await tx
    .insert(referralQualifications)
    .values({
      referredId,
      referrerId: attributed.referrerId,
      currency: fact.data.currency,
      deposit,
      reward: decimal(rule.reward),
      turnoverRequired: required,
      status: "playing",
      depositedAt: fact.occurredAt,
    })
    .onConflictDoNothing()
    .returning();
  if (!q) return "none";
  if (units(required) > 0n) return "playing";
  await tx
    .update(referralQualifications)
    .set({ playedAt: now })
    .where(eq(referralQualifications.referredId, referredId));
  return (await payOrWait(tx, config, q, now, send)) ? "paid" : "waiting";
}

/**
 * A `bet.settled` fact: its real-money stake, in the qualifying deposit's currency and settled after it, counts
 * towards the turnover; reaching the turnover pays (or queues) the reward. Bonus money, other currencies and
 * anything after the qualification is decided count for nothing. Answers whether the reward was paid now.
 */
export async function countTurnover(
  tx: Db,
  config: ReferralConfig,
  fact: { playerId: number; occurredAt: Date; data: { currency: string; realStake: string } },
  now: Date,
  send?: Send,
): Promise<boolean> {
  const stake = decimal(fact.data.realStake);
  if (units(stake) <= 0n) return false;
  const q = await lockedQualification(tx, BigInt(fact.playerId));
  if (!q || q.status !== "playing" || q.currency !== fact.data.currency) return false;
  if (fact.occurredAt < q.depositedAt) return false;
  const turnover = addAmounts(decimal(q.turnover), stake);
  const played = compareAmounts(turnover, decimal(q.turnoverRequired)) >= 0;
  await tx
    .update(referralQualifications)
    .set({ turnover, ...(played && { playedAt: now }) })
    .where(eq(referralQualifications.referredId, q.referredId));
  if (!played) return false;
  return payOrWait(tx, config, { ...q, turnover }, now, send);
}

/**
 * A `withdrawal.completed` fact: a withdrawal paid out (any currency) while the deposit is not yet played
 * through forfeits the reward for good — the deposit left unplayed. A failed withdrawal gave the money back and
 * changes nothing; a reward already played through (paid or waiting) stays. Answers whether it was forfeited.
 */
export async function forfeitOnWithdrawal(
  tx: Db,
  fact: { playerId: number; occurredAt: Date; data: { status: "success" | "failure" } },
  now: Date,
): Promise<boolean> {
  if (fact.data.status !== "success") return false;
  const q = await lockedQualification(tx, BigInt(fact.playerId));
  if (!q || q.status !== "playing" || fact.occurredAt < q.depositedAt) return false;
  await tx
    .update(referralQualifications)
    .set({ status: "forfeited", decidedAt: now })
    .where(eq(referralQualifications.referredId, q.referredId));
  return true;
}

/** The referral programme's fact consumer: deposits open, bets play through, withdrawals forfeit. */
export const referralConsumer = (config: ReferralConfig): FactConsumer => {
  const consumer: FactConsumer = {
    name: "referral",
    kinds: ["deposit.succeeded", "bet.settled", "withdrawal.completed"],
    async handle(tx, fact, ctx) {
      if (fact.kind === "deposit.succeeded") await startQualification(tx, config, fact, ctx.now, ctx.send);
      else if (fact.kind === "bet.settled") await countTurnover(tx, config, fact, ctx.now, ctx.send);
      else if (fact.kind === "withdrawal.completed") await forfeitOnWithdrawal(tx, fact, ctx.now);
    },
    // A batch reads once which bettors were referred (issue 38: most are not, and each settled bet cost a
    // statement); a deposit in the batch may start a qualification, so its player's later bets count too.
    async handleMany(tx, facts, ctx) {
      const bettors = [
        ...new Set(facts.filter((f) => f.kind === "bet.settled").map((f) => BigInt(f.playerId))),
      ];
      const referred = new Set(
        bettors.length === 0
          ? []
          : (
              await tx
                .select({ id: referralQualifications.referredId })
                .from(referralQualifications)
                .where(inArray(referralQualifications.referredId, bettors))
            ).map((r) => Number(r.id)),
      );
      for (const fact of facts) {
        if (fact.kind === "deposit.succeeded") referred.add(fact.playerId);
        if (fact.kind === "bet.settled" && !referred.has(fact.playerId)) continue;
        await consumer.handle(tx, fact, ctx);
      }
    },
  };
  return consumer;
};

/**
 * The `referral-waiting-rewards` job: pays rewards that were played through while their referrer was at the daily
 * limit, oldest first, as far as the last 24 hours leave room. Answers how many it paid.
 */
export async function payWaitingRewards(deps: {
  db: Db;
  clock: Clock;
  config: ReferralConfig;
  publisher: Publisher;
}): Promise<number> {
  const referrers = await deps.db
    .selectDistinct({ id: referralQualifications.referrerId })
    .from(referralQualifications)
    .where(eq(referralQualifications.status, "waiting"));
  let paid = 0;
  for (const { id } of referrers) {
    paid += await afterCommit(deps.publisher, (send) =>
      deps.db.transaction(async (tx) => {
        const now = deps.clock.now();
        await lockReferrer(tx, id);
        const waiting = await tx
          .select()
          .from(referralQualifications)
          .where(and(eq(referralQualifications.referrerId, id), eq(referralQualifications.status, "waiting")))
          .orderBy(asc(referralQualifications.playedAt), asc(referralQualifications.referredId))
          .for("update");
        let n = 0;
        for (const q of waiting) {
          if (!(await payOrWait(tx, deps.config, q, now, send))) break;
          n++;
        }
        return n;
      }),
    );
  }
  return paid;
}
