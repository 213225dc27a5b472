import { INVOICE_STATUS, INVOICE_TYPE } from "#common/constants";
import { negate, normalizeAmount } from "#common/money";
import type { Db } from "../../db/client";
import type { LedgerProblem } from "../wallet";
import { referenceNets } from "../wallet";
import { invoices } from "./tables";

type Invoice = typeof invoices.$inferSelect;

/**
 * What an invoice must have moved on the player's balance: a paid deposit its amount; a withdrawal its
 * amount out (reserved when it was asked for) unless it failed, which refunded it; anything else nothing.
 */
function expectedNet(i: Invoice): string {
  const amount = normalizeAmount(i.amount) ?? i.amount;
  if (i.type === INVOICE_TYPE.deposit) return i.status === INVOICE_STATUS.success ? amount : "0";
  return i.status === INVOICE_STATUS.failure ? "0" : negate(amount);
}

/** Every invoice agrees with its postings, and no posting names an invoice that does not exist. */
export async function invoiceLedgerProblems(db: Db): Promise<LedgerProblem[]> {
  const nets = new Map(
    (await referenceNets(db, "invoice:")).map((n) => [`${n.reference}|${n.playerId}|${n.currency}`, n.net]),
  );
  const problems: LedgerProblem[] = [];
  for (const i of await db.select().from(invoices)) {
    const key = `invoice:${i.id}|${i.playerId}|${i.currency}`;
    const moved = nets.get(key) ?? "0";
    nets.delete(key);
    const expected = expectedNet(i);
    if (moved !== expected)
      problems.push({
        check: "invoice_matches_postings",
        detail: `invoice ${i.id} (type ${i.type}, status ${i.status}) should have moved ${expected} ${i.currency}, the ledger moved ${moved}`,
      });
  }
  for (const [key, net] of nets)
    if (net !== "0")
      problems.push({
        check: "invoice_matches_postings",
        detail: `postings of ${key} moved ${net} with no invoice`,
      });
  return problems;
}
