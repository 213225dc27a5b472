import type { WalletAccount } from "#common/api/wallet";
import { playerChannel, REALTIME_EVENTS } from "#common/realtime";
import type { Db } from "../../db/client";
import { announceAccount, walletAccountById } from "../wallet";
import { type BetRow, type LegRow, toSportBet } from "./bets";
import type { SportsbookDeps } from "./deps";

type Send = (channel: string, event: { event: string; data: unknown }) => void;

/**
 * Tells the player's pages about a bet that changed, and its account's new balance (read in the transaction
 * that moved it, or as the caller knows it from that transaction); sent after the commit through afterCommit. A new bet is `bet.placebet`, any later change
 * `sport.bet.updated`; both carry the bet as `GET /api/sportsbook/bets/{id}` shows it.
 */
export async function announceBet(
  tx: Db,
  send: Send,
  deps: Pick<SportsbookDeps, "feed" | "rules">,
  bet: BetRow,
  legs: LegRow[],
  o: { placed?: boolean; balanceMoved?: boolean; account?: WalletAccount } = { balanceMoved: true },
) {
  const shown = toSportBet(bet, legs, { feed: deps.feed, cashOutMargin: deps.rules.cashOutMargin });
  if (o.balanceMoved !== false) {
    const account = o.account ?? (await walletAccountById(tx, bet.accountId));
    if (account) announceAccount(send, bet.playerId, account);
  }
  send(playerChannel("bets", bet.playerId), {
    event: o.placed ? REALTIME_EVENTS.betPlaced : REALTIME_EVENTS.sportBetUpdated,
    data: o.placed ? { ...shown, betId: shown.id, amount: shown.stake, gameId: "sportsbook" } : shown,
  });
  return shown;
}
