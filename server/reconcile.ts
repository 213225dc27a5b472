/**
 * `npm run reconcile`: checks the books now, as the daily job does (decision 0009), against the configured
 * database, keeps the run and prints what it found. Exits 1 when anything does not add up, so a deploy or a
 * cron can stop on it. Changes no money.
 */
import { openDatabase } from "./db/client";
import { migrate } from "./db/migrate";
import { processConfig } from "./dev-secrets";
import { reconcileLedger } from "./jobs/reconciliation";
import { recordReconciliation } from "./modules/wallet";

const config = processConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  // The schema the checks read is the one this build's server would migrate to (a no-op when it has).
  await migrate(database);
  const problems = await reconcileLedger(database.db);
  await recordReconciliation(database.db, problems);
  if (problems.length === 0) console.log("reconciliation: the books balance");
  else {
    console.error(`reconciliation: ${problems.length} problems`);
    for (const p of problems) console.error(`- ${p.check}: ${p.detail}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
