import type { Db } from "../../db/client";

type Send = (channel: string, event: { event: string; data: unknown }) => void;

/**
 * What payments ask of bonuses (the bonus module fills this port, decision 0013), inside the payment's own
 * transactions so that a bonus and the money it rides on commit together.
 */
export interface PaymentBonuses {
  /** In the new deposit's transaction: checks the chosen bonus (422 bonus_not_available) and records it. */
  choose(
    tx: Db,
    d: { invoiceId: bigint; playerId: bigint; bonusId: string; currency: string; amount: string; at: Date },
  ): Promise<void>;
  /** In the transaction that marks a deposit paid: issues its bonus, once. */
  paid(
    tx: Db,
    send: Send,
    now: Date,
    d: { invoiceId: bigint; playerId: bigint; accountId: bigint; currency: string; amount: string },
  ): Promise<void>;
  /** Refuses a withdrawal while a bonus is active on the account (409 bonus_active). */
  assertWithdrawable(db: Db, accountId: bigint): Promise<void>;
  /** The bonus active on the account, if any (the withdrawal review's `active_bonus` flag). */
  active(db: Db, accountId: bigint): Promise<{ id: bigint | number } | undefined>;
}
