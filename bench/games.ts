// Games benchmark: GET /api/game/games with filters over the demo catalogue against a bare Fastify route, and the
// seamless wallet's money paths (signed, as a provider sends them) against the database's own speed (issue 38):
// on the embedded database, bet + win pairs against a bare PGlite transaction (one UPDATE, one INSERT) measured
// in this process in the same run; given a PostgreSQL server, bet + win and bet + rollback against pgbench's
// TPC-B on that server in the same run, with the same number of clients. See bench/README.md.
import { randomUUID } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import type { Request } from "autocannon";
import { signWalletCall } from "../server/providers/games/signature";
import { startServer } from "../tests/e2e/support/server";
import { cpuLine } from "./cpu";
import {
  BROWSER_HEADERS,
  connections,
  fundedPlayer,
  json,
  measure,
  measureInTurn,
  printRatios,
  type Row,
  seconds,
  startBare,
} from "./http";
import {
  type Baseline,
  baselineLine,
  benchDatabaseUrl,
  driftAfterLoad,
  pgbenchOn,
  vsPgbench,
  withDatabase,
} from "./pgbench";

const SECRET = `bench-${randomUUID()}-${randomUUID()}`;
/** Issue 38: on PostgreSQL, calls/s at least half pgbench's TPC-B tps; embedded, pairs/s 0.3× a bare PGlite tx/s. */
const PG_TARGET = 0.5;
const EMBEDDED_TARGET = 0.3;

/** A player with money in USD and a real-money session of the slot. */
async function fundedSession(base: string): Promise<string> {
  const token = await fundedPlayer(base, "500");
  const launch = await json(base, "POST", "/api/game/games/harbor-fortune/play", { real: true }, token);
  return launch.body.data.sessionId as string;
}

/**
 * Funded sessions, two per connection: a casino's load is many players each betting in turn, not one player's
 * account taking ten bets at once (those wait on the account's row lock one after another, which measures the
 * lock, not the server).
 */
async function fundedSessions(base: string): Promise<string[]> {
  const sessions: string[] = [];
  for (let i = 0; i < 2 * connections; i++) sessions.push(await fundedSession(base));
  return sessions;
}

let pair = 0;
const signed = (body: object) => {
  const raw = JSON.stringify(body);
  return {
    headers: { "content-type": "application/json", ...signWalletCall(SECRET, raw, new Date()) },
    body: raw,
  };
};

/** Answers of a wallet row that were not `RS_OK` (the wallet answers 200 with its own status). */
const refused = new Map<string, number>();

/**
 * The seamless wallet's bet of 0.01 then its win of 0.01 (or its rollback), as the provider signs them. Each pair
 * takes a session no other pair in flight is using and gives it back when its second call is answered
 * (autocannon clears a connection's `context` at the end of each sequence, so a connection cannot keep one
 * player). `row` names the row whose refusals are counted.
 */
function betThen(sessions: string[], second: "win" | "rollback", row: string): Request[] {
  const free = [...sessions];
  const countRefusal = (body: string) => {
    let status = "?";
    try {
      status = String((JSON.parse(body) as { status?: unknown }).status);
    } catch {}
    if (status !== "RS_OK") refused.set(row, (refused.get(row) ?? 0) + 1);
  };
  return [
    {
      method: "POST",
      path: "/api/game/wallet/house/bet",
      setupRequest: (req: Request, context: Record<string, unknown>) => {
        const id = `bench-${process.pid}-${++pair}`;
        // An answer that never came leaves its session out of the pool: then any session will do.
        const session = free.pop() ?? sessions[pair % sessions.length]!;
        context.id = id;
        context.session = session;
        const s = signed({ token: session, transactionId: id, roundId: id, amount: "0.01", currency: "USD" });
        return { ...req, ...s };
      },
      onResponse: (_status: number, body: string) => countRefusal(body),
    },
    {
      method: "POST",
      path: `/api/game/wallet/house/${second}`,
      setupRequest: (req: Request, context: Record<string, unknown>) => {
        const id = context.id as string;
        const s = signed(
          second === "win"
            ? {
                token: context.session as string,
                transactionId: `${id}-win`,
                referenceTransactionId: id,
                roundId: id,
                amount: "0.01",
                currency: "USD",
                roundClosed: true,
              }
            : {
                token: context.session as string,
                transactionId: `${id}-rollback`,
                referenceTransactionId: id,
                roundId: id,
              },
        );
        return { ...req, ...s };
      },
      onResponse: (_status: number, body: string, context: Record<string, unknown>) => {
        countRefusal(body);
        if (!free.includes(context.session as string)) free.push(context.session as string);
      },
    },
  ];
}

/**
 * The embedded database's own speed: one PGlite in memory in this process, `connections` clients each running
 * a transaction of one UPDATE (a balance) and one INSERT (a history row), as pgbench's TPC-B is the database's
 * own speed on PostgreSQL. Answers transactions per second.
 */
async function bareGliteTps(): Promise<number> {
  const db = await PGlite.create();
  try {
    await db.exec(
      "create table accounts (id int primary key, balance bigint not null); create table history (id bigserial primary key, account int not null, delta bigint not null, at timestamptz not null default now()); insert into accounts select g, 0 from generate_series(1, 1000) g;",
    );
    let done = 0;
    // PGlite answers without a turn of the event loop (WebAssembly in this thread): the clock, not a timer.
    const from = Date.now() + 1000;
    const until = from + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (Date.now() < until) {
          const account = 1 + Math.floor(Math.random() * 1000);
          await db.transaction(async (tx) => {
            await tx.query("update accounts set balance = balance + $1 where id = $2", [1, account]);
            await tx.query("insert into history (account, delta) values ($1, $2)", [account, 1]);
          });
          if (Date.now() >= from && Date.now() <= until) done++;
        }
      }),
    );
    return done / seconds;
  } finally {
    await db.close();
  }
}

async function walletAfter(base: string, sessions: string[], where: string): Promise<void> {
  const check = await fetch(`${base}/api/game/wallet/house/balance`, {
    method: "POST",
    ...signed({ token: sessions[0] }),
  });
  console.log(
    `wallet after the run (${where}), first of ${sessions.length} players: ${JSON.stringify(await check.json())} (a paid pair nets 0; a run can stop between a bet and its win)`,
  );
}

interface PostgresRows {
  baseline: Baseline;
  win: Row;
  rollback: Row;
}

/**
 * pgbench's TPC-B, then the same bet + win and a bet + rollback against a second built server on PostgreSQL, each
 * in a database made for it on the same server and dropped after (the server migrates and seeds an empty database
 * on start). Answers the rows, or why there are none.
 */
async function onPostgres(): Promise<{ rows?: PostgresRows; note: string }> {
  const adminUrl = benchDatabaseUrl;
  if (!adminUrl)
    return {
      note: "seamless wallet on PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server to measure it)",
    };
  // The baseline first, with no server running beside it.
  const baseline = await withDatabase(adminUrl, async (url) => pgbenchOn(url, connections, seconds));
  return withDatabase(adminUrl, async (url, name) => {
    const pgSite = await startServer({
      env: { APP_ENV: "development", HOUSE_GAMES_SECRET: SECRET },
      databaseUrl: url,
      quiet: true,
    });
    try {
      const sessions = await fundedSessions(pgSite.baseUrl);
      const winName = "seamless wallet bet, win, PostgreSQL (per call)";
      const win = await measure(
        winName,
        { url: pgSite.baseUrl, requests: betThen(sessions, "win", winName) },
        undefined,
        pgSite.pid,
      );
      const rollbackName = "seamless wallet bet, rollback, PostgreSQL (per call)";
      const rollback = await measure(
        rollbackName,
        { url: pgSite.baseUrl, requests: betThen(sessions, "rollback", rollbackName) },
        undefined,
        pgSite.pid,
      );
      await walletAfter(pgSite.baseUrl, sessions, "PostgreSQL");
      await pgSite.stop();
      return {
        rows: { baseline, win, rollback },
        note: `PostgreSQL ${new URL(url).host}, throw-away databases (the server's: ${name})\n${await driftAfterLoad(url)}`,
      };
    } finally {
      await pgSite.stop();
    }
  });
}

console.log(`bench games: ${connections} connections, ${seconds} s per target (+1 s warm-up)`);
const site = await startServer({ env: { APP_ENV: "development", HOUSE_GAMES_SECRET: SECRET }, quiet: true });
const bare = await startBare();
try {
  const sessions = await fundedSessions(site.baseUrl);
  const rows = [
    // The cached reads and their baseline in turn (bench/http.ts, measureInTurn).
    ...(await measureInTurn([
      { name: "bare fastify GET / (baseline)", opts: { url: `${bare.url}/` } },
      {
        name: "GET /api/game/games (provider + feature + sort)",
        opts: {
          url: `${site.baseUrl}/api/game/games?provider[]=golden-reel&provider[]=nebula-spin&feature=slots&sort=new&perPage=24`,
          headers: BROWSER_HEADERS,
        },
        target: { rpsRatio: 0.5 },
      },
      {
        name: "GET /api/game/games?search=bok of ded",
        opts: {
          url: `${site.baseUrl}/api/game/games?search=bok%20of%20ded&perPage=24`,
          headers: BROWSER_HEADERS,
        },
        target: { rpsRatio: 0.5 },
      },
    ])),
    // One "request" here is one call; a bet and its win alternate on every connection, each its own player.
    await measure("seamless wallet bet, win, embedded (per call)", {
      url: site.baseUrl,
      requests: betThen(sessions, "win", "seamless wallet bet, win, embedded (per call)"),
    }),
  ];
  await walletAfter(site.baseUrl, sessions, "embedded database");
  // One server at a time: the embedded one's jobs would take CPU from the PostgreSQL one's measurement.
  await site.stop();
  const glite = await bareGliteTps();
  let note: string;
  let postgres: PostgresRows | undefined;
  try {
    const answer = await onPostgres();
    postgres = answer.rows;
    if (postgres) rows.push(postgres.win, postgres.rollback);
    note = answer.note;
  } catch (err) {
    note = `seamless wallet on PostgreSQL: not measured (${(err as Error).message})`;
  }
  console.log();
  printRatios(rows);
  const failedOf = (r: Row) => r.non2xx + r.errors + (refused.get(r.name) ?? 0);
  const embedded = rows[3]!;
  const ratio = embedded.rps / 2 / glite;
  console.log("\nmoney paths against the database's own speed (issue 38):");
  console.log(
    `  ${"bare PGlite tx, UPDATE + INSERT, in process (baseline)".padEnd(52)}${Math.round(glite).toString().padStart(6)} tx/s`,
  );
  console.log(
    `  ${"seamless wallet bet, win, embedded (pairs)".padEnd(52)}${Math.round(embedded.rps / 2)
      .toString()
      .padStart(
        6,
      )} pairs/s   target ≥ ${EMBEDDED_TARGET}× bare PGlite tx/s  ratio ${ratio.toFixed(3)}  met: ${
      ratio >= EMBEDDED_TARGET ? (failedOf(embedded) ? "yes*" : "yes") : "no"
    }  p99 ${embedded.p99} ms`,
  );
  if (postgres) {
    console.log(baselineLine(postgres.baseline));
    for (const r of [postgres.win, postgres.rollback]) {
      console.log(
        `${vsPgbench(r.name.replace(" (per call)", ""), r.rps, "calls/s", postgres.baseline, PG_TARGET, failedOf(r))}  p99 ${r.p99} ms`,
      );
      console.log(cpuLine(r.cpu));
    }
  }
  for (const [name, n] of refused) console.log(`warning: ${name}: ${n} answers were not RS_OK`);
  console.log(note);
} finally {
  bare.stop();
  await site.stop();
}
