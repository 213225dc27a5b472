// Ledger throughput on PostgreSQL next to pgbench's TPC-B on the same server, in the same run (issue 5's
// target: at least half of pgbench's transactions per second). Needs a PostgreSQL server: BENCH_DATABASE_URL,
// else TEST_DATABASE_URL, else DATABASE_URL. See bench/README.md.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase } from "../server/db/client";
import { migrate } from "../server/db/migrate";
import { seedDemo } from "../server/db/seed";
import { players as playerRows } from "../server/modules/player/tables";
import { house, post } from "../server/modules/wallet/ledger";
import { walletAccounts } from "../server/modules/wallet/tables";

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const seconds = Number(process.env.BENCH_DURATION_S ?? 5);
const clients = Number(process.env.BENCH_LEDGER_CLIENTS ?? 10);
const players = Number(process.env.BENCH_LEDGER_PLAYERS ?? 1000);

async function withDatabase<T>(work: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

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

function pgbenchTps(url: string): number | undefined {
  const u = new URL(url);
  const args = ["-h", u.hostname, "-p", u.port || "5432", "-U", decodeURIComponent(u.username || "postgres")];
  const db = u.pathname.slice(1);
  const init = spawnSync("pgbench", [...args, "-i", "-q", "-s", "10", db], { encoding: "utf8" });
  if (init.status !== 0) return undefined;
  const run = spawnSync(
    "pgbench",
    [...args, "-n", "-c", String(clients), "-j", "2", "-T", String(seconds), db],
    {
      encoding: "utf8",
    },
  );
  const m = /tps = ([\d.]+)/.exec(run.stdout ?? "");
  return m ? Number(m[1]) : undefined;
}

if (!adminUrl) {
  console.log("ledger: no PostgreSQL (set BENCH_DATABASE_URL or TEST_DATABASE_URL): skipped");
} else {
  console.log(
    `\nledger: ${clients} clients, ${players} players, ${seconds} s each, PostgreSQL ${new URL(adminUrl).host}`,
  );
  const baseline = await withDatabase(async (url) => pgbenchTps(url));
  const spread = await withDatabase((url) => ledgerTps(url, 13));
  const oneProvider = await withDatabase((url) => ledgerTps(url, 1));
  console.log(
    `  pgbench TPC-B (baseline):             ${baseline ? Math.round(baseline) : "unavailable (is pgbench installed?)"} tps`,
  );
  const row = (name: string, tps: number) =>
    console.log(
      `  ${name.padEnd(37)}${Math.round(tps)} tps  target ≥ 0.5× pgbench  ` +
        (baseline
          ? `ratio ${(tps / baseline).toFixed(3)}  met: ${tps / baseline >= 0.5 ? "yes" : "no"}`
          : "met: – (no pgbench baseline)"),
    );
  row("ledger, many players, 13 providers:", spread);
  row("ledger, many players, one provider:", oneProvider);
}
