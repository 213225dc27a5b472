import { sql } from "drizzle-orm";
import type { AdminReferralRules, AdminReferralRulesBody } from "#common/api/admin-retention";
import { adminReferralRulesBody } from "#common/api/admin-retention";
import type { Db } from "../../db/client";
import { type AuditActor, audited } from "../staff";
import { type ReferralRules, referralRulesOf } from "./rules";
import type { ReferralConfig } from "./service";
import { referralRules, referrals } from "./tables";

/**
 * The referral rules as marketing staff set them (decision 0027): the first-deposit reward and its minimum per
 * currency, and the revenue-share percent. Saved in one row that replaces the configuration's rules from then
 * on: the next first deposit handled, the next closed day the job runs, the next terms a player reads. Rewards
 * already credited stay as they were.
 */

async function view(db: Db, rules: ReferralRules): Promise<AdminReferralRules> {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(referrals);
  return { ...rules, referredCount: count?.n ?? 0 };
}

const stateOf = (r: ReferralRules) => ({
  firstDeposit: r.firstDeposit,
  revenueSharePercent: r.revenueSharePercent,
  fromStaff: r.fromStaff,
});

export async function staffReferralRules(db: Db, config: ReferralConfig): Promise<AdminReferralRules> {
  return view(db, await referralRulesOf(db, config));
}

export async function changeReferralRules(
  db: Db,
  config: ReferralConfig,
  actor: AuditActor,
  input: AdminReferralRulesBody,
): Promise<AdminReferralRules> {
  const body = adminReferralRulesBody.parse(input);
  return audited(
    db,
    actor,
    { action: "retention.referral-rules.change", targetType: "referral_rules", targetId: null },
    async (tx) => {
      // The one row's lock (or, before the first save, the insert's) queues two saves: each "before" is true.
      await tx.execute(sql`select id from ${referralRules} where id = 1 for update`);
      const before = await referralRulesOf(tx, config);
      const values = { firstDeposit: body.firstDeposit, revenueSharePercent: body.revenueSharePercent };
      await tx
        .insert(referralRules)
        .values({ id: 1, ...values, updatedAt: new Date() })
        .onConflictDoUpdate({ target: referralRules.id, set: { ...values, updatedAt: new Date() } });
      const after = await referralRulesOf(tx, config);
      return { before: stateOf(before), after: stateOf(after), result: await view(tx, after) };
    },
  );
}
