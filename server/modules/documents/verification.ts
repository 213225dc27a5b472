import { eq, sql } from "drizzle-orm";
import type { VerificationStatus } from "#common/api/documents";
import type { Db } from "../../db/client";
import type { IdentityReview } from "../../providers/identity/port";
import { playerVerifications } from "./tables";

export async function verificationOf(
  db: Db,
  playerId: bigint,
): Promise<{ status: VerificationStatus; reason: string | null }> {
  const [row] = await db.select().from(playerVerifications).where(eq(playerVerifications.playerId, playerId));
  return row
    ? { status: row.status as VerificationStatus, reason: row.reason }
    : { status: "unverified", reason: null };
}

/**
 * Records a review the verification service reported. Events may arrive late or twice: one older than the
 * last applied changes nothing. Answers whether it changed the player's status.
 */
export async function applyReview(db: Db, provider: string, review: IdentityReview): Promise<boolean> {
  if (!/^\d{1,18}$/.test(review.externalUserId)) return false;
  const playerId = BigInt(review.externalUserId);
  const values = {
    status: review.status,
    provider,
    reason: review.reason,
    eventAt: review.at,
    updatedAt: sql`now()`,
  };
  try {
    const rows = await db
      .insert(playerVerifications)
      .values({ playerId, ...values })
      .onConflictDoUpdate({
        target: playerVerifications.playerId,
        set: values,
        setWhere: sql`${playerVerifications.eventAt} <= ${review.at.toISOString()}`,
      })
      .returning({ playerId: playerVerifications.playerId });
    return rows.length > 0;
  } catch (err) {
    // A player this server does not know (another environment's webhook): nothing to record.
    if (
      (err as { code?: string; cause?: { code?: string } }).code === "23503" ||
      (err as { cause?: { code?: string } }).cause?.code === "23503"
    )
      return false;
    throw err;
  }
}
