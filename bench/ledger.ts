// Ledger throughput on PostgreSQL next to pgbench's TPC-B on the same server, in the same run (issue 38's
// target: at least 0.8 of pgbench's transactions per second; issue 5 asked for half). Needs a PostgreSQL server: BENCH_DATABASE_URL,
// else TEST_DATABASE_URL, else DATABASE_URL. See bench/README.md.
import { openDatabase } from "../server/db/client";
import { migrate } from "../server/db/migrate";
import { seedDemo } from "../server/db/seed";
import { players as playerRows } from "../server/modules/player/tables";
import { house, post } from "../server/modules/wallet/ledger";
import { walletAccounts } from "../server/modules/wallet/tables";
import { baselineLine, pgbenchTps, vsPgbench, withDatabase } from "./pgbench";

/** Issue 38: the ledger's posting, spread over 13 providers or all on one, at least 0.8× pgbench TPC-B. */
const LEDGER_TARGET = 0.8;
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const seconds = Number(process.env.BENCH_DURATION_S ?? 5);
const clients = Number(process.env.BENCH_LEDGER_CLIENTS ?? 10);
const players = Number(process.env.BENCH_LEDGER_PLAYERS ?? 1000);

/**
 * Many players betting and winning at once: each posting is one double entry (the player's balance and a
 * provider's house account), one transaction, as a game round's bet is. `providers` house accounts take the
 * other side: one is the hot case a single-row house balance would serialise.
 */
async function ledgerTps(url: string, providers: number): Promise<number> {
  const database = await openDatabase({ url, dataDir: "" });
  try {
    await migrate(database);
    await seedDemo(database.db);
    const ids = await database.db
      .insert(playerRows)
      .values(
        Array.from({ length: players }, (_, i) => ({
          email: `bench${i}@players.test`,
          passwordHash: "-",
          nickname: "bench",
        })),
      )
      .returning({ id: playerRows.id });
    const accounts = await database.db
      .insert(walletAccounts)
      .values(ids.map((p) => ({ playerId: BigInt(p.id), currency: "USD", isCurrent: true })))
      .returning({ id: walletAccounts.id });
    for (const a of accounts) {
      await post(database.db, {
        accountId: a.id,
        amount: "1000000",
        kind: "adjustment",
        reference: "bench",
        idempotencyKey: `seed:${a.id}`,
      });
    }
    let done = 0;
    let n = 0;
    const until = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (Date.now() < until) {
          const i = n++;
          const account = accounts[Math.floor(Math.random() * accounts.length)]!;
          await post(database.db, {
            accountId: account.id,
            amount: i % 2 ? "1.25" : "-1.25",
            counterparty: house.provider(`studio-${i % providers}`),
            kind: i % 2 ? "win" : "bet",
            reference: `bench:${i}`,
            idempotencyKey: `bench:${i}`,
          });
          done++;
        }
      }),
    );
    return done / seconds;
  } finally {
    await database.close();
  }
}

if (!adminUrl) {
  console.log("ledger: no PostgreSQL (set BENCH_DATABASE_URL or TEST_DATABASE_URL): skipped");
} else {
  console.log(
    `\nledger: ${clients} clients, ${players} players, ${seconds} s each, PostgreSQL ${new URL(adminUrl).host}`,
  );
  const baseline = await pgbenchTps(adminUrl, clients, seconds);
  const spread = await withDatabase(adminUrl, (url) => ledgerTps(url, 13));
  const oneProvider = await withDatabase(adminUrl, (url) => ledgerTps(url, 1));
  console.log(baselineLine(baseline));
  console.log(vsPgbench("ledger, many players, 13 providers", spread, "tps", baseline, LEDGER_TARGET));
  console.log(vsPgbench("ledger, many players, one provider", oneProvider, "tps", baseline, LEDGER_TARGET));
}
