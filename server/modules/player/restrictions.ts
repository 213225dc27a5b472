import { and, eq, inArray } from "drizzle-orm";
import { PLAYER_STATUS } from "#common/constants";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { players } from "./tables";

/**
 * A player's own restrictions (decision 0011): a self-exclusion or a break (cooling-off) set by the limits
 * module stops logins and play until it ends. An operator's block is another status and is not lifted here.
 */
const SELF_RESTRICTED = [PLAYER_STATUS.selfExcluded, PLAYER_STATUS.coolingOff];

/** Starts a restriction (in the caller's transaction), keeping a longer one already running. */
export async function restrictPlayer(
  tx: Db,
  playerId: bigint,
  status: number,
  until: Date | null,
): Promise<void> {
  await tx
    .update(players)
    .set({ status, restrictedUntil: until, updatedAt: new Date() })
    .where(eq(players.id, playerId));
}

/** Ends a player's own restriction; an operator's block or a closed account stay as they are. */
export async function endRestriction(db: Db, playerId: bigint): Promise<void> {
  await db
    .update(players)
    .set({ status: PLAYER_STATUS.active, restrictedUntil: null, updatedAt: new Date() })
    .where(and(eq(players.id, playerId), inArray(players.status, SELF_RESTRICTED)));
}

/** A player's own restriction while it runs: which one and until when. */
export interface RunningRestriction {
  code: "self_excluded" | "cooling_off";
  until: Date | null;
  message: string;
}

/**
 * The player's own restriction when one is running now; one that is over is ended here (answering none), so
 * nobody waits for the job to play again.
 */
export async function runningRestriction(
  db: Db,
  playerId: bigint,
  now: Date,
): Promise<RunningRestriction | undefined> {
  const [p] = await db
    .select({ status: players.status, until: players.restrictedUntil, language: players.language })
    .from(players)
    .where(eq(players.id, playerId));
  if (!p || !isSelfRestricted(p.status)) return undefined;
  if (p.until && p.until <= now) {
    await endRestriction(db, playerId);
    return undefined;
  }
  const until = p.until
    ? new Intl.DateTimeFormat(p.language, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(
        p.until,
      )
    : undefined;
  if (p.status === PLAYER_STATUS.selfExcluded)
    return {
      code: "self_excluded",
      until: p.until,
      message: until
        ? `You have excluded yourself from play until ${until} UTC`
        : "You have excluded yourself from play",
    };
  return { code: "cooling_off", until: p.until, message: `You are taking a break until ${until} UTC` };
}

/**
 * Refuses a login (or a deposit) while the player's own restriction lasts, saying until when; one that is over
 * is ended here.
 */
export async function assertNotSelfRestricted(db: Db, playerId: bigint, now: Date): Promise<void> {
  const running = await runningRestriction(db, playerId, now);
  if (running) throw new ApiError(403, running.code, running.message);
}

/** A player's own restriction: no play, no deposits, no login until it ends. */
export const isSelfRestricted = (status: number) => SELF_RESTRICTED.includes(status as 3 | 4);
