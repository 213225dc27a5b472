import { countSettledStake, withBonusMaxBet } from "./modules/bonus";
import type { SportsbookBonuses } from "./modules/sportsbook";

/**
 * The ports that point up (docs/architecture.md), filled with the higher module's service. Not a module: it
 * imports faces only, and server/app.ts hands these to the lower modules (issue 37, decision 0042).
 */

/** The sportsbook's bonus rules: a bonus caps the bet; a settled or cashed-out bet counts towards wagering. */
export const sportsbookBonuses: SportsbookBonuses = {
  withMaxBet: withBonusMaxBet,
  countSettledStake,
};
