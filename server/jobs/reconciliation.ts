import type { Db } from "../db/client";
import { roundLedgerProblems } from "../modules/game";
import { invoiceLedgerProblems } from "../modules/payment";
import { betLedgerProblems } from "../modules/sportsbook";
import { type LedgerProblem, ledgerProblems, recordReconciliation } from "../modules/wallet";
import type { Mailer } from "../providers/email/port";

/**
 * Every check of the books (decision 0009), on one consistent snapshot: the ledger's own invariants, then
 * each module's records against what the ledger moved (invoices, game rounds, sports bets). Reads only.
 */
export async function reconcileLedger(db: Db): Promise<LedgerProblem[]> {
  return db.transaction(
    async (tx) => {
      const t = tx;
      return [
        ...(await ledgerProblems(t)),
        ...(await invoiceLedgerProblems(t)),
        ...(await roundLedgerProblems(t)),
        ...(await betLedgerProblems(t)),
      ];
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

export interface ReconciliationAlerts {
  log: { error(obj: object, msg: string): void };
  mailer?: Mailer;
  operatorEmail?: string;
}

/**
 * Runs the checks, keeps the outcome, and when anything is off says so loudly: an error in the log and a
 * message to the operator. Nothing is corrected: a person decides what a mismatch means.
 */
export async function runReconciliation(db: Db, alerts: ReconciliationAlerts): Promise<LedgerProblem[]> {
  const problems = await reconcileLedger(db);
  await recordReconciliation(db, problems);
  if (problems.length > 0) {
    alerts.log.error({ problems }, `ledger reconciliation: ${problems.length} problems`);
    if (alerts.mailer && alerts.operatorEmail)
      await alerts.mailer.send({
        to: alerts.operatorEmail,
        subject: `Ledger reconciliation found ${problems.length} problems`,
        text: `The ledger does not add up. Nothing was changed; please look into it.\n\n${problems
          .map((p) => `- ${p.check}: ${p.detail}`)
          .join("\n")}\n`,
      });
  }
  return problems;
}
