import { type SQL, sql } from "drizzle-orm";

/**
 * A bet's sport for reports (issue 37: reports read bet legs through the sportsbook): its legs' one sport, or
 * null (several sports, or a leg without one). `betId` names the bet's id column of the caller's query.
 */
export const sportOfBet = (
  betId: SQL,
): SQL => sql`(select case when count(distinct l.sport_id) = 1 and count(*) = count(l.sport_id)
                                then min(l.sport_id) end
                      from sport_bet_legs l where l.bet_id = ${betId})`;
