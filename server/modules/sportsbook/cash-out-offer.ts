import { cashOutOffer, fairOdds } from "#common/sport/payouts";
import type { OddsFeed } from "../../providers/odds/port";
import { findSelection } from "./events";
import type { sportBetLegs, sportBets } from "./tables";

/**
 * What cashing out an open bet pays now (common/sport/payouts.ts `cashOutOffer`, which the built-in widgets also
 * run on live prices), or null: not open, nothing left of it (a combo's leg lost, every combination of a system
 * bet holding a lost leg), or a leg's market not open in the feed.
 */
export function cashOutOfferOf(
  feed: OddsFeed,
  bet: typeof sportBets.$inferSelect,
  legs: (typeof sportBetLegs.$inferSelect)[],
  margin: number,
): string | null {
  if (bet.status !== "open") return null;
  const priced = [];
  for (const leg of legs) {
    if (leg.status !== "open") {
      priced.push({ status: leg.status, odds: leg.odds });
      continue;
    }
    const found = findSelection(feed, leg.selectionId);
    const open =
      found &&
      found.market.status === "open" &&
      (found.event.status === "scheduled" || found.event.status === "live");
    if (!open) return null;
    priced.push({
      status: leg.status,
      odds: leg.odds,
      fairOdds: fairOdds(
        found.selection.odds,
        found.market.selections.map((s) => s.odds),
      ),
    });
  }
  return cashOutOffer(bet, priced, margin);
}
