import { eq } from "drizzle-orm";
import { PLAYER_STATUS } from "#common/constants";
import type { Db } from "../../db/client";
import { runningRestriction } from "./restrictions";
import { players } from "./tables";

export type MarketingChannel = "email" | "sms";

/**
 * Whether a promotional message (a bonus offer, a win-back e-mail, a tournament SMS) may go to a player now:
 * only to an active account that opted in on that channel. A break or self-exclusion stops marketing for as
 * long as it runs (RTS 13; issue #16), as a block or a closed account does for good. Nothing sends marketing
 * yet; every future sender (bonuses, retention) must ask this first. Account messages (codes, resets, a
 * withdrawal's outcome) are not marketing and do not ask.
 */
export async function mayReceiveMarketing(
  db: Db,
  playerId: bigint,
  channel: MarketingChannel,
  now: Date,
): Promise<boolean> {
  // A restriction that is over is ended here first, so its player is active again.
  if (await runningRestriction(db, playerId, now)) return false;
  const [p] = await db
    .select({ status: players.status, email: players.receiveEmailPromo, sms: players.receiveSmsPromo })
    .from(players)
    .where(eq(players.id, playerId));
  if (!p || p.status !== PLAYER_STATUS.active) return false;
  return channel === "email" ? p.email : p.sms;
}
