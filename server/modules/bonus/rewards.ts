import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accountInCurrency } from "../wallet";
import { definitionByIdentity, fixedReward, issueFrom } from "./definitions";
import { freespinTerms, issueFreespins } from "./freespins";
import { issueBonus, type Send } from "./player-bonuses";
import { playerBonuses, playerFreespins } from "./tables";
import { bonusName } from "./texts";

/**
 * Bonuses other modules give as rewards (quests, decision 0015): a fixed bonus definition named by its page
 * identity, or a free-spin package's, issued once per `sourceRef` on the player's account in `currency`.
 */

/** What the reward bonus gives in `currency`: its name and amount (amount null where it gives nothing). */
export async function rewardBonusOffer(db: Db, bonusIdentity: string, currency: string) {
  const def = await definitionByIdentity(db, bonusIdentity);
  if (!def) return undefined;
  return { name: await bonusName(db, def, currency), amount: (await fixedReward(db, def, currency)) ?? null };
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

/** What a free-spin package gives in `currency`: its name, spins, game and bet (nulls where none there). */
export async function rewardFreespinsOffer(db: Db, bonusIdentity: string, currency: string) {
  const def = await definitionByIdentity(db, bonusIdentity);
  if (def?.kind !== "freespins") return undefined;
  const terms = await freespinTerms(db, def, currency);
  return {
    name: await bonusName(db, def, currency),
    count: terms?.count ?? null,
    gameName: terms?.game.name ?? null,
    amount: terms?.bet ?? null,
  };
}

/**
 * Issues a free-spin package's spins as a reward inside the caller's transaction, active at once. Answers the
 * player's free spins' id, or undefined when nothing was issued (not a package, no account, no spins in this
 * currency, or this `sourceRef` already issued them).
 */
export async function issueRewardFreespins(
  tx: Db,
  send: Send,
  now: Date,
  r: { playerId: bigint; bonusIdentity: string; currency: string; sourceRef: string },
): Promise<bigint | undefined> {
  const def = await definitionByIdentity(tx, r.bonusIdentity);
  const account = await accountInCurrency(tx, r.playerId, r.currency);
  if (!def?.isEnabled || def.kind !== "freespins" || !account) return undefined;
  const row = await issueFreespins(
    tx,
    send,
    now,
    {
      playerId: r.playerId,
      accountId: account.id,
      currency: r.currency,
      definition: def,
      sourceRef: r.sourceRef,
    },
    true,
  );
  return row?.id;
}

/** What rewards issued under these source keys: the player bonus or free spins' id by key. */
export async function issuedRewards(db: Db, sourceRefs: string[]): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>();
  if (sourceRefs.length === 0) return out;
  const [bonuses, spins] = await Promise.all([
    db
      .select({ ref: playerBonuses.sourceRef, id: playerBonuses.id })
      .from(playerBonuses)
      .where(inArray(playerBonuses.sourceRef, sourceRefs)),
    db
      .select({ ref: playerFreespins.sourceRef, id: playerFreespins.id })
      .from(playerFreespins)
      .where(inArray(playerFreespins.sourceRef, sourceRefs)),
  ]);
  for (const r of [...bonuses, ...spins]) if (r.ref) out.set(r.ref, r.id);
  return out;
}
