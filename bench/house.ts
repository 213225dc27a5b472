// House games on PostgreSQL against the database's own speed (issue 38): a dice bet (one round: stake, draw,
// payout in one call) and a mines step (one tile revealed), as calls/s next to pgbench's TPC-B on the same
// server, in the same run, with the same number of clients (target: at least half). One player per connection,
// each with a real-money session of the game, calling the game pages' API (/api/house/sessions/{token}/…).
// Needs BENCH_DATABASE_URL or TEST_DATABASE_URL. See bench/README.md.
import { startServer } from "../tests/e2e/support/server";
import { cpuLine } from "./cpu";
import { connections, fundedPlayer, json, seconds } from "./http";
import {
  baselineLine,
  benchDatabaseUrl,
  driftAfterLoad,
  pgbenchTps,
  vsPgbench,
  withDatabase,
} from "./pgbench";
import { closedLoop, postJson } from "./workers";

const TARGET = 0.5;
/** One mine of 25: a round is mostly safe reveals (about 13 a round), so starts are a small share of the calls. */
const MINES = 1;

/** A new funded player's real-money session of `slug`: the token the game page calls with. */
async function realSession(base: string, slug: string): Promise<string> {
  const access = await fundedPlayer(base, "500");
  const launch = await json(base, "POST", `/api/game/games/${slug}/play`, { real: true }, access);
  if (launch.status !== 200)
    throw new Error(`${slug} launch: ${launch.status} ${JSON.stringify(launch.body)}`);
  return new URL(launch.body.data.url, base).searchParams.get("token")!;
}

if (!benchDatabaseUrl) {
  console.log("bench house: no PostgreSQL (set BENCH_DATABASE_URL or TEST_DATABASE_URL): skipped");
} else {
  const adminUrl = benchDatabaseUrl;
  console.log(
    `\nbench house: ${connections} connections (one player each), ${seconds} s per row (+1 s warm-up), PostgreSQL ${new URL(adminUrl).host}`,
  );
  // The baseline first, with no server running beside it.
  const baseline = await pgbenchTps(adminUrl, connections, seconds);
  await withDatabase(adminUrl, async (url) => {
    const site = await startServer({ env: { APP_ENV: "development" }, databaseUrl: url, quiet: true });
    try {
      const base = site.baseUrl;
      const dice: string[] = [];
      const mines: string[] = [];
      for (let i = 0; i < connections; i++) {
        dice.push(await realSession(base, "harbor-dice"));
        mines.push(await realSession(base, "reef-mines"));
      }
      const diceRun = await closedLoop(
        connections,
        seconds,
        async (w) => {
          const r = await postJson(`${base}/api/house/sessions/${dice[w]}/play`, {
            amount: "0.01",
            dice: { target: 50, direction: "over" },
          });
          return r.status === 200 && r.body?.data?.round?.status === "settled";
        },
        { serverPid: site.pid },
      );
      // Each worker keeps one round open and reveals tiles in order; a mine (or the last safe tile) ends the
      // round and pays it, and the next step starts a new one. Only reveals are counted in the row.
      const next = new Array<number | undefined>(connections).fill(undefined);
      const minesRun = await closedLoop(
        connections,
        seconds,
        async (w, record) => {
          const session = `${base}/api/house/sessions/${mines[w]}`;
          if (next[w] === undefined) {
            const s = await postJson(`${session}/mines/start`, { amount: "0.01", mines: { mines: MINES } });
            if (s.status !== 200) throw new Error(`mines start: ${s.status} ${JSON.stringify(s.body)}`);
            record("start");
            next[w] = 0;
          }
          const r = await postJson(`${session}/mines/reveal`, { tile: next[w] });
          if (r.status !== 200) {
            next[w] = undefined;
            return false;
          }
          record("reveal");
          next[w] = r.body.data.round.status === "open" ? next[w]! + 1 : undefined;
          if (next[w] === undefined) record("round over");
          return true;
        },
        { serverPid: site.pid },
      );
      const check = await fetch(`${base}/api/house/sessions/${dice[0]}`).then((r) => r.json());
      console.log(baselineLine(baseline));
      console.log(
        `${vsPgbench(
          "house dice bet (one round a call)",
          diceRun.rate,
          "calls/s",
          baseline,
          TARGET,
          diceRun.failed,
        )}  p99 ${diceRun.p99} ms`,
      );
      console.log(cpuLine(diceRun.cpu, "round"));
      const reveals = minesRun.kinds.get("reveal") ?? 0;
      console.log(
        `${vsPgbench(
          "house mines step (one reveal)",
          reveals / seconds,
          "calls/s",
          baseline,
          TARGET,
          minesRun.failed,
        )}  p99 ${minesRun.p99} ms (incl. starts)`,
      );
      console.log(cpuLine(minesRun.cpu, "step"));
      console.log(
        `  mines: ${reveals} reveals, ${minesRun.kinds.get("start") ?? 0} rounds started, ${minesRun.kinds.get("round over") ?? 0} ended (paid) in the window; ${MINES} mine of 25`,
      );
      console.log(
        `  first dice player's balance after the run: ${check.data?.balance} ${check.data?.currency}`,
      );
      await site.stop();
      console.log(await driftAfterLoad(url));
    } finally {
      await site.stop();
    }
  });
}
