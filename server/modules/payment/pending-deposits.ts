import { and, eq, gt, sql } from "drizzle-orm";
import { INVOICE_STATUS, INVOICE_TYPE } from "#common/constants";
import { normalizeAmount } from "#common/money";
import type { Db } from "../../db/client";
import { invoices } from "./tables";

/**
 * What a player's deposits in a currency still awaiting payment may yet bring: the pending ones opened less than
 * `expiryMs` before `now`. An older one can no longer count against a limit (the expiry job marks it failed, and
 * a payment that comes after all is credited and counted as paid money then).
 */
export async function pendingDepositsSum(
  db: Db,
  playerId: bigint,
  currency: string,
  now: Date,
  expiryMs: number,
): Promise<string> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${invoices.amount}), 0)::text` })
    .from(invoices)
    .where(
      and(
        eq(invoices.playerId, playerId),
        eq(invoices.currency, currency),
        eq(invoices.type, INVOICE_TYPE.deposit),
        eq(invoices.status, INVOICE_STATUS.pending),
        gt(invoices.createdAt, new Date(now.getTime() - expiryMs)),
      ),
    );
  return normalizeAmount(row?.sum ?? "0") ?? "0";
}

/** DEPOSIT_PENDING_EXPIRY_MINUTES's default: an hour is ample for a card or wallet checkout. */
export const DEFAULT_DEPOSIT_PENDING_EXPIRY_MS = 60 * 60_000;
