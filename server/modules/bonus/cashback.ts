import { and, asc, eq } from "drizzle-orm";
import type { Cashback, PlayerBonus } from "#common/api/bonus";
import { compareAmounts, fromUnits, normalizeAmount, toUnits } from "#common/money";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { afterCommit } from "../../realtime/publisher";
import { accountInCurrency, listAccounts, playerFlows } from "../wallet";
import { fixedRewardOrNone, issueFrom } from "./definitions";
import { type BonusDeps, issueBonus, toPlayerBonus } from "./player-bonuses";
import { bonusDefinitions, playerBonuses } from "./tables";

/**
 * Cashback (decision 0013): `percent` of the player's real-money net losses (stakes less wins and refunds, the
 * casino and the sportsbook alike) over the last finished period, periods counted in whole UTC hours from the
 * epoch (24: UTC days). Claimed as a bonus with its own wagering, once per period and account (the source
 * `cashback:{account}:{periodStart}`).
 */

async function rule(db: Db) {
  const [d] = await db
    .select()
    .from(bonusDefinitions)
    .where(and(eq(bonusDefinitions.kind, "cashback"), eq(bonusDefinitions.isEnabled, true)))
    .orderBy(asc(bonusDefinitions.sortOrder))
    .limit(1);
  return d;
}

function lastPeriod(now: Date, hours: number) {
  const len = hours * 3_600_000;
  const end = Math.floor(now.getTime() / len) * len;
  return { start: new Date(end - len), end: new Date(end) };
}

const sourceOf = (accountId: bigint, start: Date) => `cashback:${accountId}:${start.toISOString()}`;

async function currencyOf(db: Db, playerId: bigint, asked?: string) {
  if (asked) return asked;
  const current = (await listAccounts(db, playerId)).find((a) => a.isCurrent);
  if (!current) throw new ApiError(409, "no_account", "Open an account first");
  return current.currency;
}

/** GET /api/game/bonuses/cashback?currency */
export async function cashbackOf(deps: BonusDeps, playerId: bigint, asked?: string): Promise<Cashback> {
  const r = await rule(deps.db);
  if (!r) throw new ApiError(404, "cashback_not_available", "There is no cashback now");
  const currency = await currencyOf(deps.db, playerId, asked);
  const period = lastPeriod(deps.clock.now(), r.cashbackPeriodHours ?? 24);
  const account = await accountInCurrency(deps.db, playerId, currency);
  const netLoss = account ? (await playerFlows(deps.db, account.id, period.start, period.end)).netLoss : "0";
  const positive = compareAmounts(netLoss, "0") > 0 ? netLoss : "0";
  const raw = fromUnits(((toUnits(positive) ?? 0n) * BigInt(r.cashbackPercent ?? 0)) / 100n);
  const amount = (await fixedRewardOrNone(deps.db, currency, raw)) ?? "0";
  const min = r.cashbackMinItems.find((i) => i.currency === currency)?.amount ?? "0";
  const [claimed] = account
    ? await deps.db
        .select({ id: playerBonuses.id })
        .from(playerBonuses)
        .where(eq(playerBonuses.sourceRef, sourceOf(account.id, period.start)))
    : [];
  return {
    currency,
    periodStart: period.start.toISOString(),
    periodEnd: period.end.toISOString(),
    netLoss: normalizeAmount(positive)!,
    percent: r.cashbackPercent ?? 0,
    amount,
    minAmount: normalizeAmount(min)!,
    wageringMultiplier: normalizeAmount(r.wageringMultiplier)!,
    claimable: !claimed && compareAmounts(amount, "0") > 0 && compareAmounts(amount, min) >= 0,
    claimedPlayerBonusId: claimed ? String(claimed.id) : null,
  };
}

/** POST /api/game/bonuses/cashback: the last period's cashback as a bonus; a repeat answers the same one. */
export async function claimCashback(
  deps: BonusDeps,
  playerId: bigint,
  currency: string,
  sessionId: string | null,
): Promise<PlayerBonus> {
  const offer = await cashbackOf(deps, playerId, currency);
  const account = await accountInCurrency(deps.db, playerId, currency);
  const source = account && sourceOf(account.id, new Date(offer.periodStart));
  const existing = async () => {
    if (!source) return undefined;
    const [row] = await deps.db.select().from(playerBonuses).where(eq(playerBonuses.sourceRef, source));
    return row;
  };
  const before = await existing();
  if (before) return toPlayerBonus(before);
  if (!account || !offer.claimable)
    throw new ApiError(409, "cashback_not_available", "There is no cashback to claim for the last period");
  const r = (await rule(deps.db))!;
  const issued = await afterCommit(deps.publisher, (send) =>
    deps.db.transaction(async (tx) => {
      return issueBonus(
        tx,
        send,
        deps.clock.now(),
        {
          ...(await issueFrom(tx, r, currency)),
          playerId,
          accountId: account.id,
          kind: "cashback",
          amount: offer.amount,
          sourceRef: source!,
          issueSessionId: sessionId,
        },
        true,
      );
    }),
  );
  const row = issued ?? (await existing());
  return toPlayerBonus(row!);
}
