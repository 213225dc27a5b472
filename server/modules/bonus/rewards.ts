import type { Db } from "../../db/client";
import { accountInCurrency } from "../wallet/accounts";
import { definitionByIdentity, fixedReward, issueFrom } from "./definitions";
import { issueBonus, type Send } from "./player-bonuses";

/**
 * Bonuses other modules give as rewards (quests, decision 0015): a fixed bonus definition named by its page
 * identity, issued once per `sourceRef` on the player's account in `currency`.
 */

/** What the reward bonus gives in `currency`: its name and amount (amount null where it gives nothing). */
export async function rewardBonusOffer(db: Db, bonusIdentity: string, currency: string) {
  const def = await definitionByIdentity(db, bonusIdentity);
  if (!def) return undefined;
  return { name: def.name, amount: (await fixedReward(db, def, currency)) ?? null };
}

/**
 * Issues the reward inside the caller's transaction, activated at once when the account has no active bonus.
 * Answers the player bonus's id, or undefined when nothing was issued (no such bonus or account, nothing in
 * this currency, or this `sourceRef` already issued one).
 */
export async function issueRewardBonus(
  tx: Db,
  send: Send,
  now: Date,
  r: { playerId: bigint; bonusIdentity: string; currency: string; sourceRef: string },
): Promise<bigint | undefined> {
  const def = await definitionByIdentity(tx, r.bonusIdentity);
  const account = await accountInCurrency(tx, r.playerId, r.currency);
  if (!def?.isEnabled || !account) return undefined;
  const amount = await fixedReward(tx, def, r.currency);
  if (!amount) return undefined;
  const issued = await issueBonus(
    tx,
    send,
    now,
    {
      ...(await issueFrom(tx, def, r.currency)),
      playerId: r.playerId,
      accountId: account.id,
      kind: "quest",
      amount,
      sourceRef: r.sourceRef,
    },
    true,
  );
  return issued?.id;
}
