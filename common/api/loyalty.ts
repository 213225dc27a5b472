import { z } from "zod";
import { LEVEL_UP_NOTICE_MS, LOYALTY_POINTS_PER_UNIT, PLAYER_ACCOUNT_EVENT } from "../constants";
import { dataOf, decimalString } from "./shared";

/**
 * Loyalty (issue #18, spec points 3, 4 and 7, decision 0014): every settled real-money bet earns points; levels
 * are reached at a number of points and each gives its rewards once. `GET /api/retention/levels` (open to
 * guests), `GET /api/retention/account` (the player's own), and the `retention:accounts#{playerId}` channel
 * carrying `playerAccount` with the account after each change. Points are decimal strings with 2 decimals.
 */

export type LoyaltyPlayKind = keyof typeof LOYALTY_POINTS_PER_UNIT;

/** What reaching a level gives, once: a bonus in the player's currency (issued; they activate it) and/or points. */
export const loyaltyRewards = z
  .object({
    /** Extra points added on reaching the level (null: none). */
    points: decimalString.nullable(),
    /** A bonus per currency; the player gets the one of their account's currency, when listed. */
    bonus: z
      .object({
        amounts: z.array(z.object({ currency: z.string(), amount: decimalString })),
        /** × amount to wager before the bonus converts. */
        wageringMultiplier: z.string(),
      })
      .nullable(),
  })
  .meta({ id: "LoyaltyRewards" });
export type LoyaltyRewards = z.infer<typeof loyaltyRewards>;

export const loyaltyLevel = z
  .object({
    id: z.string(),
    name: z.string(),
    /** Points needed to reach it. */
    points: decimalString,
    /** 1 for the first level; a higher order is a higher level. */
    order: z.number().int(),
    rewards: loyaltyRewards,
  })
  .meta({ id: "LoyaltyLevel" });
export type LoyaltyLevel = z.infer<typeof loyaltyLevel>;

/** Spec point 3's loyalty account: the points, the level reached (null before the first) and the next one. */
export const loyaltyAccount = z
  .object({
    points: decimalString,
    currentLevel: z.object({ name: z.string(), points: decimalString, order: z.number().int() }).nullable(),
    nextLevel: z.object({ name: z.string(), points: decimalString }).nullable(),
  })
  .meta({ id: "LoyaltyAccount" });
export type LoyaltyAccount = z.infer<typeof loyaltyAccount>;

export const loyaltyLevelsAnswer = dataOf(z.array(loyaltyLevel));
export const loyaltyAccountAnswer = dataOf(loyaltyAccount);

/** Zod-free (the site imports them from common/constants without the schemas): re-exported for the server. */
export { LEVEL_UP_NOTICE_MS, LOYALTY_POINTS_PER_UNIT, PLAYER_ACCOUNT_EVENT };
