import { asc, desc, lt } from "drizzle-orm";
import { fromUnits, toUnits } from "#common/money";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { Publisher } from "../../realtime/publisher";
import { listAccounts, playerFlows } from "../wallet";
import { referralRulesOf } from "./rules";
import { announceEarned, creditReward, type ReferralConfig, roundDown } from "./service";
import { referralShareRuns, referrals } from "./tables";

const DAY_MS = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const startOf = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** The share of a period's net gaming revenue: revenue × percent / 100, nothing when the revenue is not positive. */
export function shareOf(revenue: string, percent: string): string {
  const r = toUnits(revenue) ?? 0n;
  const p = toUnits(percent) ?? 0n;
  if (r <= 0n || p <= 0n) return "0";
  return fromUnits((r * p) / 100n / 10n ** 18n);
}

/**
 * One closed period's revenue share for every player referred before its end: per currency, the referred
 * player's net gaming revenue (real-money stakes less wins and refunds, from the ledger; only from the moment
 * they were referred) times the configured percent, rounded down to the currency's unit. A period with no
 * positive revenue pays nothing and carries nothing over. Safe to re-run: each (referrer, referred, period,
 * currency) is credited once. The percent is the one in force when the period is run (decision 0027). Answers how many rewards were credited now.
 */
export async function shareForPeriod(
  deps: { db: Db; config: ReferralConfig; publisher?: Publisher },
  day: string,
): Promise<number> {
  const start = startOf(day);
  const end = new Date(start.getTime() + DAY_MS);
  const percent = (await referralRulesOf(deps.db, deps.config)).revenueSharePercent;
  let credited = 0;
  const rows = await deps.db.select().from(referrals).where(lt(referrals.attributedAt, end));
  for (const r of rows) {
    const since = r.attributedAt > start ? r.attributedAt : start;
    for (const account of await listAccounts(deps.db, r.referredId)) {
      const flows = await playerFlows(deps.db, BigInt(account.id), since, end);
      const amount = await roundDown(deps.db, account.currency, shareOf(flows.netLoss, percent));
      if ((toUnits(amount) ?? 0n) <= 0n) continue;
      const now = await deps.db.transaction((tx) =>
        creditReward(tx, {
          referrerId: r.referrerId,
          referredId: r.referredId,
          kind: "revenue_share",
          period: day,
          currency: account.currency,
          amount,
          base: flows.netLoss,
          at: end,
        }),
      );
      if (now) {
        credited++;
        announceEarned(
          (channel, event) => void deps.publisher?.publish(channel, event).catch(() => undefined),
          r.referrerId,
          account.currency,
          amount,
        );
      }
    }
  }
  await deps.db
    .insert(referralShareRuns)
    .values({ period: day, completedAt: new Date() })
    .onConflictDoNothing();
  return credited;
}

/**
 * The job: every closed UTC day not yet run (from the first referral's day, at most `maxPeriods` a run) gets
 * its revenue share. Does nothing when the share is 0 %.
 */
export async function shareClosedPeriods(
  deps: { db: Db; clock: Clock; config: ReferralConfig; publisher?: Publisher },
  maxPeriods = 31,
): Promise<number> {
  if (!deps.config.REFERRAL_ENABLED) return 0;
  if ((toUnits((await referralRulesOf(deps.db, deps.config)).revenueSharePercent) ?? 0n) <= 0n) return 0;
  const [last] = await deps.db
    .select()
    .from(referralShareRuns)
    .orderBy(desc(referralShareRuns.period))
    .limit(1);
  const [first] = await deps.db
    .select({ at: referrals.attributedAt })
    .from(referrals)
    .orderBy(asc(referrals.attributedAt))
    .limit(1);
  if (!first) return 0;
  let day = last ? dayOf(new Date(startOf(last.period).getTime() + DAY_MS)) : dayOf(first.at);
  const today = dayOf(deps.clock.now());
  let credited = 0;
  for (let n = 0; n < maxPeriods && day < today; n++) {
    credited += await shareForPeriod(deps, day);
    day = dayOf(new Date(startOf(day).getTime() + DAY_MS));
  }
  return credited;
}
