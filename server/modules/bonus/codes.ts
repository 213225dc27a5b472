import { and, desc, eq, sql } from "drizzle-orm";
import type { BonusCodePreview, BonusCodeTrigger, PlayerBonusCode } from "#common/api/bonus";
import { BONUS_CODE_STATUS } from "#common/constants";
import { fromUnits, normalizeAmount, toUnits } from "#common/money";
import { playerChannel, REALTIME_EVENTS } from "#common/realtime";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { afterCommit } from "../../realtime/publisher";
import { loadPlayer } from "../player";
import { listAccounts } from "../wallet";
import { definitionById, fixedReward, issueFrom } from "./definitions";
import { freespinTerms, issueFreespins } from "./freespins";
import { type BonusDeps, issueBonus, type Send } from "./player-bonuses";
import { bonusCodes, playerBonusCodes } from "./tables";
import { bonusName } from "./texts";

/**
 * Bonus codes (spec points 3 and 8, decision 0013). Redeeming is one transaction: the player's redemption row
 * (unique per player and code: a player's two concurrent redeems find one winner) and a conditional increment
 * of the code's use count (`used_count < usage_limit`: many players racing past the limit get exactly the
 * limit). Anything refused rolls back and answers 3 incorrect or 4 not available with nothing changed.
 */

type Code = typeof bonusCodes.$inferSelect;
type Redeemed = typeof playerBonusCodes.$inferSelect;

const describe = (code: Code, definitionName: string | undefined) => definitionName ?? code.code;

function toView(r: Redeemed, code: Code, description: string | null): PlayerBonusCode {
  return {
    status: r.status,
    playerBonusCodeId: String(r.id),
    trigger: r.trigger,
    code: code.code,
    description,
    playerBonusId: r.playerBonusId === null ? null : String(r.playerBonusId),
    playerFreespinId: r.playerFreespinId === null ? null : String(r.playerFreespinId),
    createdAt: r.createdAt.toISOString(),
  };
}

export function announceCode(send: Send, playerId: bigint, view: PlayerBonusCode) {
  send(playerChannel("bonusCodes", playerId), { event: REALTIME_EVENTS.playerBonusCodeUpdated, data: view });
}

const refusal = (status: number, trigger: BonusCodeTrigger, code: string): PlayerBonusCode => ({
  status,
  playerBonusCodeId: null,
  trigger,
  code,
  description: null,
  playerBonusId: null,
  playerFreespinId: null,
  createdAt: null,
});

class NotAvailable extends Error {}

/**
 * Why a typed code cannot be redeemed for `trigger` now: 3 incorrect (no such code, or switched off), 4 not
 * available (another trigger, outside its dates, no bonus behind it); undefined when it may be (the per-player
 * and usage-limit checks happen in the redeeming transaction).
 */
async function checkCode(db: Db, now: Date, typed: string, trigger: BonusCodeTrigger) {
  const [code] = await db.select().from(bonusCodes).where(eq(bonusCodes.code, typed));
  if (!code?.isEnabled) return { refusal: BONUS_CODE_STATUS.incorrect, code: undefined } as const;
  const notAvailable = { refusal: BONUS_CODE_STATUS.notAvailable, code } as const;
  if (code.trigger !== trigger) return notAvailable;
  if ((code.validFrom && code.validFrom > now) || (code.validTo && code.validTo <= now)) return notAvailable;
  const def = await definitionById(db, code.definitionId);
  // A switched-off bonus gives nothing new, through any of its codes (decision 0026).
  if (!def?.isEnabled) return notAvailable;
  return { refusal: undefined, code, def } as const;
}

/** The sign-up form's code: 3 or 4 when it cannot be redeemed, so the form says so before anyone is created. */
export async function registrationCodeRefusal(deps: BonusDeps, typed: string): Promise<number | undefined> {
  return (await checkCode(deps.db, deps.clock.now(), typed.trim().toUpperCase(), "registration")).refusal;
}

/**
 * Everything redeeming checks before its transaction: the code, its trigger and dates, and what it gives in the
 * player's current currency (a deposit code gives nothing until the deposit). The per-player and usage-limit
 * checks are the transaction's (its unique row and conditional count).
 */
async function prepare(
  deps: BonusDeps,
  playerId: bigint,
  body: { bonusCode: string; trigger: BonusCodeTrigger },
  opts: { atRegistration?: boolean },
) {
  const typed = body.bonusCode.trim().toUpperCase();
  const checked = await checkCode(deps.db, deps.clock.now(), typed, body.trigger);
  if (checked.refusal !== undefined)
    return {
      ok: false,
      refusal: refusal(checked.refusal, body.trigger, checked.code?.code ?? typed),
    } as const;
  const { code, def } = checked;
  const notAvailable = {
    ok: false,
    refusal: refusal(BONUS_CODE_STATUS.notAvailable, body.trigger, code.code),
  } as const;
  if (code.trigger === "registration" && !opts.atRegistration) return notAvailable;
  // A player who declined bonuses at sign-up takes none by code either (registration already skips its code).
  if (!(await loadPlayer(deps.db, playerId)).receiveBonus) return notAvailable;
  // A deposit code waits for the deposit; any other gives its bonus now, in the player's current currency.
  const waits = code.trigger === "deposit";
  const account = waits ? undefined : (await listAccounts(deps.db, playerId)).find((a) => a.isCurrent);
  // A free-spin package gives spins (in a currency it has a bet for); any other, its money.
  const spins = def.kind === "freespins";
  const reward =
    account && !spins
      ? await fixedReward(deps.db, def, account.currency)
      : account && (await freespinTerms(deps.db, def, account.currency))
        ? "spins"
        : undefined;
  if (!waits && (!account || !reward)) return notAvailable;
  return { ok: true, code, def, waits, account, spins, reward } as const;
}

/**
 * POST /api/game/bonuses/bonuscodes/preview: what redeeming would give, nothing changed. A code this player has
 * already redeemed, or whose uses are all taken, is not available here as it would not be there.
 */
export async function previewCode(
  deps: BonusDeps,
  playerId: bigint,
  body: { bonusCode: string; trigger: BonusCodeTrigger },
): Promise<BonusCodePreview> {
  const ready = await prepare(deps, playerId, body, {});
  const none = { gives: null, amount: null, currency: null, wageringMultiplier: null, wagerAmount: null };
  if (!ready.ok)
    return {
      ...none,
      status: ready.refusal.status,
      code: ready.refusal.code,
      trigger: body.trigger,
      description: null,
      holdsWithdrawals: false,
    };
  const { code, def, waits, account, spins, reward } = ready;
  const [taken] = await deps.db
    .select({ id: playerBonusCodes.id })
    .from(playerBonusCodes)
    .where(and(eq(playerBonusCodes.playerId, playerId), eq(playerBonusCodes.codeId, code.id)));
  const usedUp = code.usageLimit !== null && code.usedCount >= code.usageLimit;
  if (taken || usedUp)
    return {
      ...none,
      status: BONUS_CODE_STATUS.notAvailable,
      code: code.code,
      trigger: body.trigger,
      description: null,
      holdsWithdrawals: false,
    };
  const multiplier = normalizeAmount(def.wageringMultiplier)!;
  const amount = !waits && !spins ? reward! : null;
  return {
    status: null,
    code: code.code,
    trigger: code.trigger,
    description: describe(code, await bonusName(deps.db, def, account?.currency)),
    gives: waits ? "deposit" : spins ? "spins" : "bonus",
    amount,
    currency: account?.currency ?? null,
    wageringMultiplier: multiplier,
    // As the bonus row computes wagering_required (amount × multiplier, exact).
    wagerAmount: amount === null ? null : fromUnits((toUnits(amount)! * toUnits(multiplier)!) / 10n ** 18n),
    // Every bonus a code gives is wagered as an active bonus, and an active bonus holds its account's
    // withdrawals (decision 0013), whatever its multiplier: the player hears it before applying.
    holdsWithdrawals: true,
  };
}

/**
 * POST /api/game/bonuses/bonuscodes. A registration code is redeemed by the registration alone
 * (`atRegistration`): typed later it is not available, or every player could claim a sign-up reward at will.
 */
export async function redeemCode(
  deps: BonusDeps,
  playerId: bigint,
  body: { bonusCode: string; trigger: BonusCodeTrigger },
  sessionId: string | null,
  opts: { atRegistration?: boolean } = {},
): Promise<PlayerBonusCode> {
  const now = deps.clock.now();
  const ready = await prepare(deps, playerId, body, opts);
  if (!ready.ok) return ready.refusal;
  const { code, def, waits, account, spins, reward } = ready;
  const notAvailable = () => refusal(BONUS_CODE_STATUS.notAvailable, body.trigger, code.code);
  try {
    return await afterCommit(deps.publisher, (send) =>
      deps.db.transaction(async (tx) => {
        const [redeemed] = await tx
          .insert(playerBonusCodes)
          .values({
            playerId,
            codeId: code.id,
            status: waits ? BONUS_CODE_STATUS.waiting : BONUS_CODE_STATUS.applied,
            trigger: code.trigger,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning();
        if (!redeemed) throw new NotAvailable();
        const [counted] = await tx
          .update(bonusCodes)
          .set({ usedCount: sql`${bonusCodes.usedCount} + 1` })
          .where(
            and(
              eq(bonusCodes.id, code.id),
              sql`(${bonusCodes.usageLimit} is null or ${bonusCodes.usedCount} < ${bonusCodes.usageLimit})`,
            ),
          )
          .returning({ id: bonusCodes.id });
        if (!counted) throw new NotAvailable();
        let row = redeemed;
        if (!waits && spins) {
          const issued = await issueFreespins(
            tx,
            send,
            now,
            {
              playerId,
              accountId: BigInt(account!.id),
              currency: account!.currency,
              definition: def,
              sourceRef: `code:${redeemed.id}`,
              issueSessionId: sessionId,
            },
            true,
          );
          [row] = (await tx
            .update(playerBonusCodes)
            .set({ playerFreespinId: issued!.id })
            .where(eq(playerBonusCodes.id, redeemed.id))
            .returning()) as [Redeemed];
        } else if (!waits) {
          const issued = await issueBonus(
            tx,
            send,
            now,
            {
              ...(await issueFrom(tx, def, account!.currency)),
              playerId,
              accountId: BigInt(account!.id),
              kind: "code",
              amount: reward!,
              sourceRef: `code:${redeemed.id}`,
              issueSessionId: sessionId,
            },
            true,
          );
          [row] = (await tx
            .update(playerBonusCodes)
            .set({ playerBonusId: issued!.id })
            .where(eq(playerBonusCodes.id, redeemed.id))
            .returning()) as [Redeemed];
        }
        const view = toView(row, code, describe(code, await bonusName(tx, def, account?.currency)));
        announceCode(send, playerId, view);
        return view;
      }),
    );
  } catch (err) {
    if (err instanceof NotAvailable) return notAvailable();
    throw err;
  }
}

/** GET /api/game/bonuses/bonuscodes?trigger: the player's redeemed codes, newest first. */
export async function listCodes(
  db: Db,
  playerId: bigint,
  trigger?: BonusCodeTrigger,
): Promise<PlayerBonusCode[]> {
  const rows = await db
    .select({ r: playerBonusCodes, code: bonusCodes })
    .from(playerBonusCodes)
    .innerJoin(bonusCodes, eq(bonusCodes.id, playerBonusCodes.codeId))
    .where(
      and(
        eq(playerBonusCodes.playerId, playerId),
        trigger ? eq(playerBonusCodes.trigger, trigger) : undefined,
      ),
    )
    .orderBy(desc(playerBonusCodes.id))
    .limit(100);
  const out: PlayerBonusCode[] = [];
  for (const { r, code } of rows) {
    const def = await definitionById(db, code.definitionId);
    out.push(toView(r, code, def ? await bonusName(db, def) : null));
  }
  return out;
}

/** DELETE /api/game/bonuses/bonuscodes: withdraws a waiting deposit code and gives its use back. */
export async function deleteCode(deps: BonusDeps, playerId: bigint, id: string): Promise<void> {
  await afterCommit(deps.publisher, (send) =>
    deps.db.transaction(async (tx) => {
      const [gone] = await tx
        .delete(playerBonusCodes)
        .where(
          and(
            eq(playerBonusCodes.id, BigInt(id)),
            eq(playerBonusCodes.playerId, playerId),
            eq(playerBonusCodes.status, BONUS_CODE_STATUS.waiting),
          ),
        )
        .returning();
      if (!gone) throw ApiError.notFound("No waiting bonus code with this id");
      const [code] = await tx
        .update(bonusCodes)
        .set({ usedCount: sql`${bonusCodes.usedCount} - 1` })
        .where(eq(bonusCodes.id, gone.codeId))
        .returning();
      announceCode(send, playerId, { ...toView(gone, code!, null), status: BONUS_CODE_STATUS.notAvailable });
    }),
  );
}

export { toView as toPlayerBonusCode };
