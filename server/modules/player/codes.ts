import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { oneTimeCodes } from "./tables";

/**
 * One-time codes and link tokens. Only an HMAC (keyed with COOKIE_SECRET) of a code is stored, so a leaked
 * table gives nobody a usable code.
 *   - 6-digit codes (SMS, e-mail) live 10 minutes, are spent once, and 5 wrong attempts burn them; sending a new
 *     one spends the older ones, so resending does not multiply the attempts.
 *   - Link tokens (password reset, e-mail verification, auto-login) are 256 random bits: guessing is hopeless,
 *     so they are looked up by their hash alone and may live longer.
 */
export type CodePurpose =
  | "phone-register"
  | "phone-verify"
  | "phone-login"
  | "phone-reset"
  | "password-change"
  | "password-reset"
  | "email-verify"
  | "login-token";

export const CODE_TTL_SECONDS = 10 * 60;
export const MAX_CODE_ATTEMPTS = 5;
export const LINK_TTL_SECONDS: Record<"password-reset" | "email-verify" | "login-token", number> = {
  "password-reset": 30 * 60,
  "email-verify": 24 * 60 * 60,
  "login-token": 5 * 60,
};

export interface CodeContext {
  db: Db;
  secret: string;
  now: Date;
}

/** The code context of a call: the database, the HMAC key (COOKIE_SECRET), and now (the clock's, unless given). */
export const codeContext = (
  deps: { db: Db; config: { COOKIE_SECRET: string }; clock: { now(): Date } },
  now = deps.clock.now(),
): CodeContext => ({ db: deps.db, secret: deps.config.COOKIE_SECRET, now });

const digest = (secret: string, purpose: string, code: string) =>
  createHmac("sha256", secret).update(`${purpose}\n${code}`).digest("hex");

/** Issues a 6-digit code for a purpose and target; earlier unused codes of the same pair stop working. */
export async function issueCode(
  ctx: CodeContext,
  input: { purpose: CodePurpose; target: string; playerId?: bigint | null },
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await ctx.db
    .update(oneTimeCodes)
    .set({ usedAt: ctx.now })
    .where(
      and(
        eq(oneTimeCodes.purpose, input.purpose),
        eq(oneTimeCodes.target, input.target),
        isNull(oneTimeCodes.usedAt),
      ),
    );
  await ctx.db.insert(oneTimeCodes).values({
    purpose: input.purpose,
    target: input.target,
    playerId: input.playerId ?? null,
    codeHash: digest(ctx.secret, input.purpose, code),
    expiresAt: new Date(ctx.now.getTime() + CODE_TTL_SECONDS * 1000),
  });
  return code;
}

/**
 * Checks and spends a 6-digit code: true only for the newest live code of the pair (and of the player, when
 * given). A wrong code counts an attempt; the fifth burns the code. Spending is atomic, so two requests with
 * the same code cannot both succeed. Pass a transaction as `ctx.db` to spend the code with what it unlocks.
 */
export async function spendCode(
  ctx: CodeContext,
  input: { purpose: CodePurpose; target: string; playerId?: bigint; code: string },
): Promise<boolean> {
  const where = [
    eq(oneTimeCodes.purpose, input.purpose),
    eq(oneTimeCodes.target, input.target),
    isNull(oneTimeCodes.usedAt),
  ];
  if (input.playerId !== undefined) where.push(eq(oneTimeCodes.playerId, input.playerId));
  const [row] = await ctx.db
    .select()
    .from(oneTimeCodes)
    .where(and(...where))
    .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= ctx.now.getTime()) return false;
  const given = Buffer.from(digest(ctx.secret, input.purpose, input.code.trim()), "hex");
  const stored = Buffer.from(row.codeHash, "hex");
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
    await ctx.db
      .update(oneTimeCodes)
      .set({
        attempts: sql`${oneTimeCodes.attempts} + 1`,
        usedAt: sql`case when ${oneTimeCodes.attempts} + 1 >= ${MAX_CODE_ATTEMPTS} then ${ctx.now.toISOString()}::timestamptz else null end`,
      })
      .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.usedAt)));
    return false;
  }
  const spent = await ctx.db
    .update(oneTimeCodes)
    .set({ usedAt: ctx.now })
    .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  return spent.length === 1;
}

/** Issues a link token (base64url, 43 characters) for a purpose. */
export async function issueLinkToken(
  ctx: CodeContext,
  input: { purpose: keyof typeof LINK_TTL_SECONDS; target: string; playerId: bigint },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await ctx.db.insert(oneTimeCodes).values({
    purpose: input.purpose,
    target: input.target,
    playerId: input.playerId,
    codeHash: digest(ctx.secret, input.purpose, token),
    expiresAt: new Date(ctx.now.getTime() + LINK_TTL_SECONDS[input.purpose] * 1000),
  });
  return token;
}

/** Spends a live link token; answers what it was issued for, or undefined (unknown, used, expired). */
export async function spendLinkToken(
  ctx: CodeContext,
  input: { purpose: keyof typeof LINK_TTL_SECONDS; token: string },
): Promise<{ target: string; playerId: bigint } | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(input.token)) return undefined;
  const [row] = await ctx.db
    .update(oneTimeCodes)
    .set({ usedAt: ctx.now })
    .where(
      and(
        eq(oneTimeCodes.purpose, input.purpose),
        eq(oneTimeCodes.codeHash, digest(ctx.secret, input.purpose, input.token)),
        isNull(oneTimeCodes.usedAt),
        sql`${oneTimeCodes.expiresAt} > ${ctx.now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ target: oneTimeCodes.target, playerId: oneTimeCodes.playerId });
  return row?.playerId != null ? { target: row.target, playerId: row.playerId } : undefined;
}
