import type { LoyaltyRewards } from "#common/api/loyalty";
import type { Db } from "../../db/client";
import { loyaltyLevels } from "./tables";

const bonus = (usd: string, eur = usd): LoyaltyRewards["bonus"] => ({
  amounts: [
    { currency: "USD", amount: usd },
    { currency: "EUR", amount: eur },
  ],
  wageringMultiplier: "10",
});

/**
 * The demo levels, inserted by order when missing: a restart never overwrites what staff changed in the back
 * office (decision 0027). The first is low on purpose: a few spins of the house slot reach it, so
 * a newcomer sees a level-up (and the browser journey does).
 */
export const DEMO_LEVELS: (typeof loyaltyLevels.$inferInsert)[] = [
  { order: 1, name: "Bronze", points: "5", rewards: { points: "1", bonus: null } },
  { order: 2, name: "Silver", points: "250", rewards: { points: null, bonus: bonus("5") } },
  { order: 3, name: "Gold", points: "1000", rewards: { points: "50", bonus: bonus("20") } },
  { order: 4, name: "Platinum", points: "5000", rewards: { points: "250", bonus: bonus("100") } },
  { order: 5, name: "Diamond", points: "25000", rewards: { points: "1000", bonus: bonus("500") } },
];

export async function seedLoyalty(db: Db): Promise<void> {
  await db.insert(loyaltyLevels).values(DEMO_LEVELS).onConflictDoNothing({ target: loyaltyLevels.order });
}
