// Sportsbook settlement at volume (issue 38): BENCH_SETTLE_BETS (default 10,000) open singles on one market of
// one event, placed through the real placement service, settled by one result (settleEvent, as the feed's
// result triggers it). Prints the time to settle them all (target ≤ 10 s) and checks exactly once: one settlement
// row per bet, every bet settled, the payouts the ledger holds equal to the winners' stakes × odds, a second
// settlement changing nothing, and the books' reconciliation finding no problem. In process, against a
// throw-away database on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL). See bench/README.md.
import { eq, sql } from "drizzle-orm";
import type { PlaceBetBody } from "#common/api/sportsbook";
import { addAmounts, compareAmounts } from "#common/money";
import { openDatabase, rowsOf } from "../server/db/client";
import { migrate } from "../server/db/migrate";
import { seedDemo } from "../server/db/seed";
import { reconcileLedger } from "../server/jobs/reconciliation";
import { sportBets, sportSettlements } from "../server/modules/sportsbook/tables";
import {
  ControlledFeed,
  fundedPlayer,
  matchEvent,
  placeBet,
  settleEvent,
  sportsbookTestDeps,
} from "../server/modules/sportsbook/test-support";
import { benchDatabaseUrl, withDatabase } from "./pgbench";

const BETS = Number(process.env.BENCH_SETTLE_BETS ?? 10_000);
/** Bets per player: each player's stake on the market stays far under the per-market cap. */
const PER_PLAYER = 10;
const CLIENTS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGET_S = 10;
const EVENT = 9_000_001;
const STAKE = "1";
const PRICES: Record<string, string> = { home: "2.1", draw: "3.4", away: "3.6" };

/** Runs `work(i)` for i in [0, n) on `clients` loops at once. */
async function pool(n: number, clients: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < n) await work(next++);
    }),
  );
}

if (!benchDatabaseUrl) {
  console.log("bench settlement: no PostgreSQL (set BENCH_DATABASE_URL or TEST_DATABASE_URL): skipped");
} else {
  console.log(
    `\nbench settlement: ${BETS} open singles on one market, settled by one result, PostgreSQL ${new URL(benchDatabaseUrl).host}`,
  );
  await withDatabase(benchDatabaseUrl, async (url) => {
    const database = await openDatabase({ url, dataDir: "" });
    try {
      await migrate(database);
      await seedDemo(database.db);
      const db = database.db;
      const feed = new ControlledFeed();
      feed.setEvent(
        matchEvent(EVENT, {
          startsAt: new Date(Date.now() + 3_600_000),
          prices: [PRICES.home!, PRICES.draw!, PRICES.away!],
        }),
      );
      const { deps } = sportsbookTestDeps(db, feed);

      // Seeding: real placements through the service, CLIENTS at once, the selections of the 1x2 market in turn.
      const players: bigint[] = [];
      const seedStart = performance.now();
      await pool(Math.ceil(BETS / PER_PLAYER), CLIENTS, async () => {
        players.push((await fundedPlayer(db, "1000")).playerId);
      });
      const outcomes = ["home", "draw", "away"] as const;
      const staked = { home: 0, draw: 0, away: 0 };
      await pool(BETS, CLIENTS, async (i) => {
        const outcome = outcomes[i % 3]!;
        await placeBet(deps, players[i % players.length]!, {
          type: "single",
          stake: STAKE,
          currency: "USD",
          oddsPolicy: "none",
          requestId: `settle-bench-${i}`,
          selections: [{ selectionId: `${EVENT}:1x2:${outcome}`, odds: PRICES[outcome]! }],
        } as PlaceBetBody);
        staked[outcome]++;
      });
      const seedS = (performance.now() - seedStart) / 1000;
      const [open] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(sportBets)
        .where(eq(sportBets.status, "open"));
      console.log(
        `  seeded: ${players.length} players, ${open!.n} open bets placed through placeBet in ${seedS.toFixed(1)} s (${Math.round(BETS / seedS)} bets/s, ${CLIENTS} at once)`,
      );

      // The result: the home side wins.
      feed.pushResult(EVENT, {
        "1x2": { [`${EVENT}:1x2:home`]: "won", [`${EVENT}:1x2:draw`]: "lost", [`${EVENT}:1x2:away`]: "lost" },
      });
      const t0 = performance.now();
      const changed = await settleEvent(deps, EVENT);
      const settleS = (performance.now() - t0) / 1000;
      console.log(
        `  settled: ${changed} bets in ${settleS.toFixed(2)} s (${Math.round(changed / settleS)} bets/s)  target ≤ ${TARGET_S} s  met: ${settleS <= TARGET_S ? "yes" : "no"}`,
      );

      // Exactly once.
      const again = await settleEvent(deps, EVENT);
      const [rows] = await db
        .select({
          n: sql<number>`count(*)::int`,
          bets: sql<number>`count(distinct ${sportSettlements.betId})::int`,
        })
        .from(sportSettlements);
      const byStatus = await db
        .select({ status: sportBets.status, n: sql<number>`count(*)::int` })
        .from(sportBets)
        .groupBy(sportBets.status);
      // What the ledger paid the players for these bets: the postings on their accounts of the payout entries.
      const [paid] = await rowsOf<{ n: number; sum: string }>(
        db,
        sql`select count(distinct e.id)::int as n, coalesce(sum(p.amount), 0)::text as sum
              from ledger_entries e join ledger_postings p on p.entry_id = e.id
             where e.kind = 'win' and e.reference like 'sportsbook:bet:%' and p.wallet_account_id is not null`,
      );
      // Each winner staked STAKE (1) at the home price.
      const expectedPaid = addAmounts("0", ...Array.from({ length: staked.home }, () => PRICES.home!));
      const problems = await reconcileLedger(db);
      const statuses = Object.fromEntries(byStatus.map((s) => [s.status, s.n]));
      const checks: [string, boolean][] = [
        [
          `every bet settled once: ${rows!.n} settlement rows for ${rows!.bets} bets of ${BETS}`,
          rows!.n === BETS && rows!.bets === BETS,
        ],
        [
          `no bet left open: ${JSON.stringify(statuses)}`,
          !statuses.open && (statuses.won ?? 0) === staked.home,
        ],
        [`a second settlement changes nothing: ${again} changed`, again === 0],
        [
          `winners paid once: ${paid!.n} payouts of ${staked.home} winners, ${paid!.sum} USD (expected ${expectedPaid})`,
          paid!.n === staked.home && compareAmounts(addAmounts(paid!.sum, "0"), expectedPaid) === 0,
        ],
        [`books' reconciliation: ${problems.length} problems`, problems.length === 0],
      ];
      for (const [what, ok] of checks) console.log(`  ${ok ? "ok  " : "FAIL"} ${what}`);
      for (const p of problems.slice(0, 5)) console.log(`       ${p.check}: ${p.detail}`);
      console.log(`  exactly once: ${checks.every(([, ok]) => ok) ? "yes" : "NO"}`);
    } finally {
      await database.close();
    }
  });
}
