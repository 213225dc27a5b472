import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { referralCodes } from "./tables";

/** Letters and digits that cannot be misread for each other (no 0/O, 1/I/L): 31^8 ≈ 8.5 × 10^11 codes. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const CODE_LENGTH = 8;
const CODE_SHAPE = new RegExp(`^[${ALPHABET}]{${CODE_LENGTH}}$`);

export function newCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** A code as typed or carried in a link, in its stored form; undefined when it cannot be one of ours. */
export function normalizeCode(raw: unknown): string | undefined {
  if (typeof raw !== "string") return undefined;
  const code = raw.trim().toUpperCase();
  return CODE_SHAPE.test(code) ? code : undefined;
}

/** The player's code, made on first ask (a clash of random codes, or of two first asks, is retried). */
export async function codeOf(db: Db, playerId: bigint): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [have] = await db
      .select({ code: referralCodes.code })
      .from(referralCodes)
      .where(eq(referralCodes.playerId, playerId));
    if (have) return have.code;
    await db.insert(referralCodes).values({ playerId, code: newCode() }).onConflictDoNothing();
  }
  throw new Error("no referral code could be made");
}

/** Whose code it is. */
export async function ownerOfCode(db: Db, code: string): Promise<bigint | undefined> {
  const [row] = await db
    .select({ playerId: referralCodes.playerId })
    .from(referralCodes)
    .where(eq(referralCodes.code, code));
  return row?.playerId;
}
