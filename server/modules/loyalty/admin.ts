import { asc, eq, sql } from "drizzle-orm";
import type { AdminLoyaltyLevel, AdminLoyaltyLevelChangeBody } from "#common/api/admin-retention";
import { adminLoyaltyLevelChangeBody } from "#common/api/admin-retention";
import type { LoyaltyRewards } from "#common/api/loyalty";
import { compareAmounts, normalizeAmount } from "#common/money";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { type AuditActor, audited } from "../staff";
import { loyaltyAccounts, loyaltyLevels } from "./tables";

/**
 * Loyalty levels as marketing staff edit them (decision 0027): name, threshold and rewards; the order of the
 * levels is fixed. Thresholds stay strictly increasing with the order (422 on `points` otherwise). A level
 * reached stays reached: a raised threshold takes nobody down (their `level_order` and reached rows stand, the
 * reward was granted once), and a lowered one is reached — with its reward — by a player already past it on
 * their next settled bet, when the loyalty consumer looks for the levels their points now pass.
 */

type LevelRow = typeof loyaltyLevels.$inferSelect;
const dec = (v: string | null) => (v === null ? null : (normalizeAmount(v) ?? v));

async function viewsOf(db: Db, rows: LevelRow[]): Promise<AdminLoyaltyLevel[]> {
  const counts = await db
    .select({ order: loyaltyAccounts.levelOrder, n: sql<number>`count(*)::int` })
    .from(loyaltyAccounts)
    .groupBy(loyaltyAccounts.levelOrder);
  return rows.map((l) => ({
    id: String(l.id),
    order: l.order,
    name: l.name,
    points: dec(l.points)!,
    rewards: {
      points: dec(l.rewards.points),
      bonus: l.rewards.bonus
        ? {
            amounts: l.rewards.bonus.amounts.map((a) => ({ currency: a.currency, amount: dec(a.amount)! })),
            wageringMultiplier: dec(l.rewards.bonus.wageringMultiplier)!,
          }
        : null,
    },
    playersOnLevel: counts.find((c) => c.order === l.order)?.n ?? 0,
  }));
}

export async function staffLevels(db: Db): Promise<AdminLoyaltyLevel[]> {
  return viewsOf(db, await db.select().from(loyaltyLevels).orderBy(asc(loyaltyLevels.order)));
}

const stateOf = (l: AdminLoyaltyLevel) => {
  const { playersOnLevel: _n, ...rest } = l;
  return rest;
};

export async function changeLevel(
  db: Db,
  actor: AuditActor,
  id: string,
  input: AdminLoyaltyLevelChangeBody,
): Promise<AdminLoyaltyLevel> {
  const body = adminLoyaltyLevelChangeBody.parse(input);
  const levelId = /^\d{1,15}$/.test(id) ? Number(id) : undefined;
  return audited(
    db,
    actor,
    { action: "retention.loyalty-level.change", targetType: "loyalty_level", targetId: id },
    async (tx) => {
      // Every level is locked, in order: two edits of neighbouring thresholds queue, so neither can pass the other.
      const all = await tx.select().from(loyaltyLevels).orderBy(asc(loyaltyLevels.order)).for("update");
      const row = all.find((l) => l.id === levelId);
      if (!row) throw ApiError.notFound("No such loyalty level");
      const before = (await viewsOf(tx, [row]))[0]!;
      if (body.points !== undefined) {
        const below = all.filter((l) => l.order < row.order).at(-1);
        const above = all.find((l) => l.order > row.order);
        const refuse = (message: string) =>
          new ApiError(422, "validation_error", message, { points: [message] });
        if (below && compareAmounts(body.points, below.points) <= 0)
          throw refuse(`Must be more than ${below.name}'s ${dec(below.points)} points`);
        if (above && compareAmounts(body.points, above.points) >= 0)
          throw refuse(`Must be less than ${above.name}'s ${dec(above.points)} points`);
      }
      const rewards: LoyaltyRewards = {
        points: body.rewardPoints === undefined ? row.rewards.points : body.rewardPoints,
        bonus: body.rewardBonus === undefined ? row.rewards.bonus : body.rewardBonus,
      };
      const [updated] = await tx
        .update(loyaltyLevels)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.points !== undefined ? { points: body.points } : {}),
          rewards,
        })
        .where(eq(loyaltyLevels.id, row.id))
        .returning();
      const after = (await viewsOf(tx, [updated!]))[0]!;
      return { before: stateOf(before), after: stateOf(after), result: after };
    },
  );
}
