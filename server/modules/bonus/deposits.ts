import { and, eq } from "drizzle-orm";
import { BONUS_CODE_STATUS } from "#common/constants";
import type { Db } from "../../db/client";
import { paidDepositCount } from "../payment";
import { announceCode, toPlayerBonusCode } from "./codes";
import { checkDepositChoice, definitionById, depositReward, issueFrom } from "./definitions";
import { issueFreespins } from "./freespins";
import { issueBonus, type Send } from "./player-bonuses";
import { bonusCodes, bonusDepositChoices, playerBonusCodes } from "./tables";
import { bonusName } from "./texts";

/**
 * Deposits and bonuses (decision 0013). The payment module calls these inside its own transactions: the choice
 * is recorded with the invoice, and the bonus is issued in the transaction that marks the invoice paid, under
 * the source `invoice:{id}` — a webhook repeated or racing itself settles the invoice once, and the unique
 * source would refuse a second bonus anyway.
 */

export interface PaidDeposit {
  invoiceId: bigint;
  playerId: bigint;
  accountId: bigint;
  currency: string;
  amount: string;
}

/** In the new invoice's transaction: checks the chosen bonus and records it for when the invoice is paid. */
export async function recordDepositChoice(
  tx: Db,
  d: { invoiceId: bigint; playerId: bigint; bonusId: string; currency: string; amount: string; at?: Date },
) {
  const def = await checkDepositChoice(tx, d.playerId, d.bonusId, d.currency, d.amount, d.at);
  await tx
    .insert(bonusDepositChoices)
    .values({ invoiceId: d.invoiceId, playerId: d.playerId, definitionId: def.id, terms: def });
}

/**
 * In the paid invoice's transaction: issues the chosen bonus on the terms it had when chosen (activated at once
 * when the account has none active), else applies a waiting deposit bonus code. A deposit that no longer qualifies (a package step taken
 * meanwhile) gets nothing; the deposit itself is never held up by a bonus.
 */
export async function bonusForPaidDeposit(tx: Db, send: Send, now: Date, p: PaidDeposit): Promise<void> {
  const [choice] = await tx
    .select()
    .from(bonusDepositChoices)
    .where(eq(bonusDepositChoices.invoiceId, p.invoiceId));
  if (choice) {
    // The terms the player chose (decision 0026): a later edit or switch-off does not change them.
    const def = choice.terms ?? (await definitionById(tx, choice.definitionId));
    if (def && (await stillOpen(tx, p.playerId, def.packageStep))) {
      const reward = await depositReward(tx, def, p.currency, p.amount);
      if (reward) {
        await issueBonus(
          tx,
          send,
          now,
          {
            ...(await issueFrom(tx, def, p.currency)),
            playerId: p.playerId,
            accountId: p.accountId,
            kind: "deposit",
            amount: reward,
            sourceRef: `invoice:${p.invoiceId}`,
          },
          true,
        );
        // A deposit bonus with free spins (a welcome step) gives them too, once per invoice.
        await issueFreespins(
          tx,
          send,
          now,
          {
            playerId: p.playerId,
            accountId: p.accountId,
            currency: p.currency,
            definition: def,
            sourceRef: `invoice:${p.invoiceId}:freespins`,
          },
          true,
        );
        return;
      }
    }
  }
  await applyWaitingCode(tx, send, now, p);
}

/** A package step is for the deposit of its number (this paid one is already counted). */
async function stillOpen(tx: Db, playerId: bigint, step: number | null) {
  if (step === null) return true;
  return (await paidDepositCount(tx, playerId)) === step;
}

async function applyWaitingCode(tx: Db, send: Send, now: Date, p: PaidDeposit) {
  const waiting = await tx
    .select({ redeemed: playerBonusCodes, code: bonusCodes })
    .from(playerBonusCodes)
    .innerJoin(bonusCodes, eq(bonusCodes.id, playerBonusCodes.codeId))
    .where(
      and(eq(playerBonusCodes.playerId, p.playerId), eq(playerBonusCodes.status, BONUS_CODE_STATUS.waiting)),
    )
    .orderBy(playerBonusCodes.id);
  for (const { redeemed, code } of waiting) {
    const def = await definitionById(tx, code.definitionId);
    if (!def) continue;
    const reward = def.kind === "deposit" ? await depositReward(tx, def, p.currency, p.amount) : undefined;
    if (!reward) continue;
    const issued = await issueBonus(
      tx,
      send,
      now,
      {
        ...(await issueFrom(tx, def, p.currency)),
        playerId: p.playerId,
        accountId: p.accountId,
        kind: "code",
        amount: reward,
        sourceRef: `invoice:${p.invoiceId}`,
      },
      true,
    );
    if (!issued) return;
    const [applied] = await tx
      .update(playerBonusCodes)
      .set({ status: BONUS_CODE_STATUS.applied, playerBonusId: issued.id, updatedAt: now })
      .where(
        and(eq(playerBonusCodes.id, redeemed.id), eq(playerBonusCodes.status, BONUS_CODE_STATUS.waiting)),
      )
      .returning();
    if (applied)
      announceCode(send, p.playerId, toPlayerBonusCode(applied, code, await bonusName(tx, def, p.currency)));
    return;
  }
}
