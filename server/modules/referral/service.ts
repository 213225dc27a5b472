import { desc, eq, sql } from "drizzle-orm";
import type {
  ReferralEarning,
  ReferralOverview,
  ReferralTerms,
  ReferralTransfer,
  ReferralTransferBody,
} from "#common/api/referral";
import { compareAmounts, fromUnits, normalizeAmount, placesOf, toUnits } from "#common/money";
import { playerChannel, REALTIME_EVENTS } from "#common/realtime";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import { afterCommit, type Publisher } from "../../realtime/publisher";
import { nicknamesOf } from "../player";
import { findCurrency } from "../settings";
import {
  accountInCurrency,
  findPosted,
  house,
  houseBalance,
  InsufficientFunds,
  once,
  openAccount,
  post,
  transferBetweenHouse,
  walletAccountById,
} from "../wallet";
import { codeOf } from "./codes";
import { referralRulesOf, termsOf } from "./rules";
import { referralCodes, referralRewards, referrals } from "./tables";

export type ReferralConfig = Pick<
  Config,
  | "REFERRAL_ENABLED"
  | "REFERRAL_FIRST_DEPOSIT_REWARD"
  | "REFERRAL_MIN_FIRST_DEPOSIT"
  | "REFERRAL_REWARD_TURNOVER"
  | "REFERRAL_MAX_REWARDS_PER_DAY"
  | "REFERRAL_REVENUE_SHARE_PERCENT"
  | "REFERRAL_SAME_ADDRESS_CHECK"
  | "publicUrl"
>;

export interface ReferralDeps {
  db: Db;
  clock: Clock;
  config: ReferralConfig;
  publisher: Publisher;
}

const decimal = (v: string | null | undefined) => normalizeAmount(v ?? "0") ?? "0";
const units = (v: string) => toUnits(v) ?? 0n;

/** The rules in force now (the affiliate-program modal renders these numbers). */
export async function referralTerms(deps: Pick<ReferralDeps, "db" | "config">): Promise<ReferralTerms> {
  return termsOf(await referralRulesOf(deps.db, deps.config), deps.config);
}

/** "Harbor123" → "H•••3"; a short name keeps only its first character. */
export function mask(value: string): string {
  const chars = [...value];
  if (chars.length <= 2) return `${chars[0] ?? ""}•••`;
  return `${chars[0]}•••${chars[chars.length - 1]}`;
}

/** A referrer's earnings per currency: all credited, and what their earnings account still holds. */
async function earningsOf(db: Db, playerId: bigint): Promise<ReferralEarning[]> {
  const rows = await db
    .select({ currency: referralRewards.currency, earned: sql<string>`sum(${referralRewards.amount})::text` })
    .from(referralRewards)
    .where(eq(referralRewards.referrerId, playerId))
    .groupBy(referralRewards.currency)
    .orderBy(referralRewards.currency);
  return Promise.all(
    rows.map(async (r) => ({
      currency: r.currency,
      earned: decimal(r.earned),
      available: decimal(await houseBalance(db, house.referralEarnings(playerId), r.currency)),
    })),
  );
}

/** GET /api/referral: the player's code and link, who joined through it (masked) and the earnings. */
export async function referralOverview(deps: ReferralDeps, playerId: bigint): Promise<ReferralOverview> {
  const code = await codeOf(deps.db, playerId);
  const joined = await deps.db
    .select()
    .from(referrals)
    .where(eq(referrals.referrerId, playerId))
    .orderBy(desc(referrals.attributedAt), desc(referrals.referredId))
    .limit(100);
  const [count] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(referrals)
    .where(eq(referrals.referrerId, playerId));
  const brought = await deps.db
    .select({
      referredId: referralRewards.referredId,
      currency: referralRewards.currency,
      amount: sql<string>`sum(${referralRewards.amount})::text`,
    })
    .from(referralRewards)
    .where(eq(referralRewards.referrerId, playerId))
    .groupBy(referralRewards.referredId, referralRewards.currency)
    .orderBy(referralRewards.currency);
  const names = await nicknamesOf(
    deps.db,
    joined.map((j) => j.referredId),
  );
  return {
    code,
    link: `${deps.config.publicUrl}/?ref=${code}`,
    referred: joined.map((j) => ({
      id: mask(String(j.referredId)),
      name: mask(names.get(j.referredId) ?? "?"),
      joinedAt: j.attributedAt.toISOString(),
      brought: brought
        .filter((b) => b.referredId === j.referredId)
        .map((b) => ({ currency: b.currency, amount: decimal(b.amount) })),
    })),
    referredCount: count?.n ?? 0,
    earnings: await earningsOf(deps.db, playerId),
  };
}

/** Rounds down to the currency's smallest unit (a referrer never gets a fraction the wallet cannot show). */
export async function roundDown(db: Db, currency: string, amount: string): Promise<string> {
  const cur = await findCurrency(db, currency);
  const places = cur ? placesOf(cur.subunitToUnit) : 2;
  const step = 10n ** BigInt(18 - places);
  const u = units(amount);
  return fromUnits(u > 0n ? (u / step) * step : 0n);
}

/**
 * Credits one reward to the referrer's earnings account, once: the reward's row (its key) and the ledger entry
 * (its idempotency key) are written together in the caller's transaction. Answers whether it was credited now.
 */
export async function creditReward(
  tx: Db,
  reward: {
    referrerId: bigint;
    referredId: bigint;
    kind: "first_deposit" | "revenue_share";
    period: string;
    currency: string;
    amount: string;
    base: string;
    at: Date;
  },
): Promise<boolean> {
  if (units(reward.amount) <= 0n) return false;
  const inserted = await tx
    .insert(referralRewards)
    .values({ ...reward, createdAt: reward.at })
    .onConflictDoNothing()
    .returning({ id: referralRewards.referrerId });
  if (inserted.length === 0) return false;
  await transferBetweenHouse(tx, {
    from: house.referralCost,
    to: house.referralEarnings(reward.referrerId),
    currency: reward.currency,
    amount: reward.amount,
    kind: "referral",
    reference: `referral:${reward.referrerId}:${reward.referredId}`,
    idempotencyKey: `referral:${reward.kind}:${reward.referrerId}:${reward.referredId}:${reward.period}:${reward.currency}`,
    meta: { kind: reward.kind, period: reward.period, referredId: String(reward.referredId) },
    at: reward.at,
  });
  return true;
}

/** Tells the referrer's open pages that their earnings grew (sent after the commit by the caller's `send`). */
export function announceEarned(
  send: ((channel: string, event: { event: string; data: unknown }) => void) | undefined,
  referrerId: bigint,
  currency: string,
  amount: string,
) {
  send?.(playerChannel("referral", String(referrerId)), {
    event: REALTIME_EVENTS.referralEarned,
    data: { currency, amount },
  });
}

/**
 * POST /api/referral/transfer: moves earnings to the player's wallet account in that currency. The player's
 * code row is locked first, so concurrent transfers queue and each sees what the previous left: the earnings
 * account never goes below zero, and the same idempotency key moves the money once.
 */
export async function transferEarnings(
  deps: ReferralDeps,
  playerId: bigint,
  body: ReferralTransferBody,
): Promise<ReferralTransfer> {
  const amount = decimal(body.amount);
  const currency = body.currency;
  const key = `referral:transfer:${playerId}:${body.idempotencyKey}`;
  const available = async (db: Db) =>
    decimal(await houseBalance(db, house.referralEarnings(playerId), currency));
  // A replay answers what the first transfer under the key moved, and the balances now.
  const answer = async (db: Db, accountId: bigint, moved = amount): Promise<ReferralTransfer> => {
    const wallet = await walletAccountById(db, accountId);
    return { currency, amount: moved, balance: decimal(wallet?.balance), available: await available(db) };
  };
  const replay = async (db: Db, accountId: bigint) => {
    const first = await findPosted(db, key);
    return first && answer(db, accountId, first.amount);
  };
  const notEnough = (have: string) =>
    units(have) > 0n
      ? new ApiError(422, "not_enough_money", "That is more than your earnings", {
          amount: ["That is more than your earnings"],
        })
      : new ApiError(422, "not_enough_money", "No earnings in this currency", {
          currency: ["No earnings in this currency"],
        });
  // A refusal writes nothing: every check that can refuse runs before the account is opened.
  const held = await accountInCurrency(deps.db, playerId, currency);
  const earlier = held && (await replay(deps.db, held.id));
  if (earlier) return earlier;
  if ((await roundDown(deps.db, currency, amount)) !== amount)
    throw new ApiError(422, "validation_error", "Some fields are not valid", {
      amount: ["Too many decimal places for this currency"],
    });
  const have = await available(deps.db);
  if (compareAmounts(have, amount) < 0) throw notEnough(have);
  const account =
    held ??
    (await openAccount(deps, playerId, currency).then(() => accountInCurrency(deps.db, playerId, currency)));
  if (!account) throw notEnough("0");
  return afterCommit(deps.publisher, (send) =>
    once(
      deps.db,
      async (tx) => {
        // Every referrer with earnings has a code: its row is the lock their transfers queue on.
        await tx.select().from(referralCodes).where(eq(referralCodes.playerId, playerId)).for("update");
        // Checked under the lock: a transfer under this key that committed first is answered, not refused.
        const first = await replay(tx, account.id);
        if (first) return first;
        const left = await available(tx);
        if (compareAmounts(left, amount) < 0) throw notEnough(left);
        // The wallet queues the account's new balance for after the commit.
        await post(tx, send, {
          accountId: account.id,
          amount,
          counterparty: house.referralEarnings(playerId),
          kind: "referral",
          reference: `referral:transfer:${playerId}`,
          idempotencyKey: key,
          at: deps.clock.now(),
        }).catch((err) => {
          // The wallet account is frozen: nothing moved.
          if (err instanceof InsufficientFunds)
            throw new ApiError(422, "not_enough_money", "This wallet account cannot take money now");
          throw err;
        });
        return answer(tx, account.id);
      },
      async () => (await replay(deps.db, account.id)) ?? answer(deps.db, account.id),
    ),
  );
}
