import type { Db } from "../../db/client";

export type DepositVerdict = { ok: true } | { ok: false; left: string };

/**
 * Whether a player may deposit now. The limits module fills this port (deposit limits per day, week or month,
 * decision 0011); exclusions stop deposits through the player's status before it is asked.
 */
export interface DepositLimits {
  /** True when a deposit limit leaves no room for any deposit in this currency now (error 13100). */
  reached(playerId: bigint, accountId: bigint | undefined, currency: string): Promise<boolean>;
  /**
   * Inside the invoice's transaction: whether a deposit of `amount` fits what the limits leave, counting the
   * player's deposits in this currency still awaiting payment (read after the limit's lock is taken, so it
   * sees the invoices concurrent deposits committed). The same calculation answers `reached` and the limits API.
   */
  allows(
    tx: Db,
    deposit: { playerId: bigint; accountId: bigint; currency: string; amount: string },
  ): Promise<DepositVerdict>;
}

export const noDepositLimits: DepositLimits = {
  reached: async () => false,
  allows: async () => ({ ok: true }),
};
