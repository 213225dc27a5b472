import type { BET_REFUSALS } from "#common/api/sportsbook";

/**
 * The refusal codes the slip acts on, typed against BET_REFUSALS (common/api/sportsbook.ts) so a change of the
 * contract fails the type check. Written out rather than imported: that module carries the zod schemas, which
 * would add a few hundred KB to a script loaded into every sports page.
 */
type Refusals = typeof BET_REFUSALS;
export const REFUSALS: Pick<Refusals, "oddsChanged" | "marketSuspended" | "cashOutChanged"> = {
  oddsChanged: "odds_changed",
  marketSuspended: "market_suspended",
  cashOutChanged: "cash_out_changed",
};
