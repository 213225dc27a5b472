import type { AppDeps } from "../app";
import { bonusJobs } from "../modules/bonus";
import { gameJobs } from "../modules/game";
import { limitJobs } from "../modules/limits";
import { notificationJobs } from "../modules/notification";
import { paymentJobs } from "../modules/payment";
import { questJobs } from "../modules/quests";
import { referralJobs } from "../modules/referral";
import { settingsJobs } from "../modules/settings";
import { sportsbookJobs } from "../modules/sportsbook";
import { lastReconciliation } from "../modules/wallet";
import { type ReconciliationAlerts, runReconciliation } from "./reconciliation";
import type { Job } from "./scheduler";

/**
 * Every scheduled task of the server: each module's own (its `jobs.ts`, offered by its face) and the one that
 * spans modules, the books' reconciliation (reconciliation.ts reads the wallet's, payments', games' and
 * sportsbook's checks).
 */
export function serverJobs(deps: AppDeps, log: ReconciliationAlerts["log"]): Job[] {
  return [
    reconciliationJob(deps, log),
    ...gameJobs(deps),
    ...limitJobs(deps),
    ...bonusJobs(deps),
    ...questJobs(deps),
    ...paymentJobs(deps),
    ...notificationJobs(deps, log),
    ...referralJobs(deps),
    ...sportsbookJobs(deps),
    ...settingsJobs(deps),
  ];
}

function reconciliationJob(deps: AppDeps, log: ReconciliationAlerts["log"]): Job {
  const reconcileEveryMs = deps.config.RECONCILE_EVERY_HOURS * 3_600_000;
  return {
    // The books are checked once a period whatever the restarts: each hour the job looks at when the last
    // check ran (across processes, in the database) and runs one when it is due.
    name: "ledger-reconciliation",
    everyMs: Math.min(3_600_000, reconcileEveryMs),
    atStart: true,
    run: async () => {
      const last = await lastReconciliation(deps.db);
      if (last && deps.clock.now().getTime() - last.ranAt.getTime() < reconcileEveryMs) return undefined;
      const problems = await runReconciliation(deps.db, {
        log,
        mailer: deps.mailer,
        operatorEmail: deps.config.OPERATOR_EMAIL,
      });
      return problems.length === 0 ? "the books balance" : undefined;
    },
  };
}
