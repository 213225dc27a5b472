/**
 * A crash bet's money, as every house game moves it: real play through the casino's seamless wallet (bet when
 * placed, win when cashed out, a win of 0 closing a lost one, a rollback for a void round), each call with a
 * transaction id of its own so a repeat is applied once; demo play on the session's demo credits.
 */
import type { Db } from "../../../../db/client";
import { type HouseDeps, moveDemoCredits, type Session, WalletRefusal, walletError } from "../service";

const txOf = (betId: number) => ({ bet: `crash-${betId}-bet`, round: `crash-${betId}` });

/**
 * Takes the stake and, once it is taken, `activate`s the bet (demo: in the same transaction as the credits, so
 * a crash between the two cannot lose them). A definite no throws `WalletRefusal`; no answer throws plain.
 */
export async function takeStake(
  deps: HouseDeps,
  s: Session,
  betId: number,
  amount: string,
  activate: (db: Db) => Promise<void>,
): Promise<string> {
  if (s.mode === "demo") {
    return deps.db.transaction(async (tx) => {
      const balance = await moveDemoCredits(tx, s.token, amount, "take");
      if (balance === undefined)
        throw new WalletRefusal(402, "not_enough_money", "Not enough demo credits for this bet");
      await activate(tx);
      return balance;
    });
  }
  const tx = txOf(betId);
  const answer = await deps.callWallet("bet", {
    token: s.token,
    transactionId: tx.bet,
    roundId: tx.round,
    amount,
    currency: s.currency,
  });
  if (answer.status === "RS_OK") {
    await activate(deps.db);
    return String(answer.balance);
  }
  const err = walletError(answer);
  if (answer.status === "RS_ERROR_UNKNOWN" || typeof answer.status !== "string") throw err;
  throw new WalletRefusal(err.status, err.code, err.message);
}

/**
 * Sends the bet's result: its payout (0 for a lost one) closes the wallet's round. Demo credits are added in
 * the same statement that marks the bet settled, so a repeat cannot add them twice.
 */
export async function payResult(
  deps: HouseDeps,
  s: Session,
  betId: number,
  amount: string,
  markSettled: () => Promise<boolean>,
): Promise<string | undefined> {
  if (s.mode === "demo") {
    if (!(await markSettled())) return undefined;
    return moveDemoCredits(deps.db, s.token, amount, "give");
  }
  const tx = txOf(betId);
  const answer = await deps.callWallet("win", {
    token: s.token,
    transactionId: `crash-${betId}-win`,
    referenceTransactionId: tx.bet,
    roundId: tx.round,
    amount,
    currency: s.currency,
    roundClosed: true,
  });
  if (answer.status !== "RS_OK") throw walletError(answer);
  await markSettled();
  return String(answer.balance);
}

/** Returns the stake (or, if it never arrived, leaves a tombstone so it cannot land later). */
export async function returnStake(
  deps: HouseDeps,
  s: Session,
  betId: number,
  amount: string,
  stakeTaken: boolean,
  markRefunded: () => Promise<boolean>,
): Promise<void> {
  if (s.mode === "demo") {
    if ((await markRefunded()) && stakeTaken) await moveDemoCredits(deps.db, s.token, amount, "give");
    return;
  }
  const tx = txOf(betId);
  const answer = await deps.callWallet("rollback", {
    token: s.token,
    transactionId: `crash-${betId}-rollback`,
    referenceTransactionId: tx.bet,
    roundId: tx.round,
  });
  if (answer.status !== "RS_OK") throw walletError(answer);
  await markRefunded();
}
