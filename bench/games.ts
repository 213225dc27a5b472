// Games benchmark: GET /api/game/games with filters over the demo catalogue, and the seamless wallet's
// bet + win pair (signed, as a provider sends them) on the embedded database and, given a PostgreSQL server, on
// PostgreSQL, as requests/s and p99 next to a bare Fastify route measured in the same run, each with its target
// (issue #20). See bench/README.md.
import { randomBytes, randomUUID } from "node:crypto";
import type { Request } from "autocannon";
import pg from "pg";
import { signWalletCall } from "../server/providers/games/signature";
import { startServer } from "../tests/e2e/support/server";
import { connections, fundedPlayer, json, measure, printRatios, type Row, seconds, startBare } from "./http";

const SECRET = `bench-${randomUUID()}-${randomUUID()}`;
/** A PostgreSQL server to make a throw-away database on, for the bet + win row on PostgreSQL. */
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

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

/**
 * The seamless wallet's bet then win of 0.01, as the provider signs them, alternating. Each pair takes a session
 * no other pair in flight is using and gives it back when its win is answered (autocannon clears a connection's
 * `context` at the end of each sequence, so a connection cannot keep one player).
 */
function betThenWin(sessions: string[]): Request[] {
  const free = [...sessions];
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
    },
    {
      method: "POST",
      path: "/api/game/wallet/house/win",
      setupRequest: (req: Request, context: Record<string, unknown>) => {
        const id = context.id as string;
        const s = signed({
          token: context.session as string,
          transactionId: `${id}-win`,
          referenceTransactionId: id,
          roundId: id,
          amount: "0.01",
          currency: "USD",
          roundClosed: true,
        });
        return { ...req, ...s };
      },
      onResponse: (_status: number, _body: string, context: Record<string, unknown>) => {
        if (!free.includes(context.session as string)) free.push(context.session as string);
      },
    },
  ];
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

/**
 * The same bet + win against a second built server on PostgreSQL, in a database made for it and dropped after
 * (the server migrates and seeds an empty database on start). Answers the row, or why there is none.
 */
async function onPostgres(): Promise<{ row?: Row; note: string }> {
  if (!adminUrl)
    return {
      note: "seamless wallet bet + win on PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server to measure it)",
    };
  const name = `bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const pgSite = await startServer({
      env: { APP_ENV: "development", HOUSE_GAMES_SECRET: SECRET },
      databaseUrl: url.toString(),
      quiet: true,
    });
    try {
      const sessions = await fundedSessions(pgSite.baseUrl);
      const row = await measure(
        "seamless wallet bet + win, PostgreSQL (per call)",
        { url: pgSite.baseUrl, requests: betThenWin(sessions) },
        { rpsRatio: 0.2 },
      );
      await walletAfter(pgSite.baseUrl, sessions, "PostgreSQL");
      return { row, note: `PostgreSQL ${url.host}, throw-away database ${name}` };
    } finally {
      await pgSite.stop();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

console.log(`bench games: ${connections} connections, ${seconds} s per target (+1 s warm-up)`);
const site = await startServer({ env: { APP_ENV: "development", HOUSE_GAMES_SECRET: SECRET }, quiet: true });
const bare = await startBare();
try {
  const sessions = await fundedSessions(site.baseUrl);
  const rows = [
    await measure("bare fastify GET / (baseline)", { url: `${bare.url}/` }),
    await measure(
      "GET /api/game/games (provider + feature + sort)",
      {
        url: `${site.baseUrl}/api/game/games?provider[]=golden-reel&provider[]=nebula-spin&feature=slots&sort=new&perPage=24`,
      },
      { rpsRatio: 0.5 },
    ),
    await measure(
      "GET /api/game/games?search=bok of ded",
      { url: `${site.baseUrl}/api/game/games?search=bok%20of%20ded&perPage=24` },
      { rpsRatio: 0.5 },
    ),
    // One "request" here is one call; a bet and its win alternate on every connection, each its own player.
    await measure(
      "seamless wallet bet + win, embedded (per call)",
      { url: site.baseUrl, requests: betThenWin(sessions) },
      { rpsRatio: 0.05 },
    ),
  ];
  await walletAfter(site.baseUrl, sessions, "embedded database");
  // One server at a time: the embedded one's jobs would take CPU from the PostgreSQL one's measurement.
  await site.stop();
  let note: string;
  try {
    const postgres = await onPostgres();
    if (postgres.row) rows.push(postgres.row);
    note = postgres.note;
  } catch (err) {
    note = `seamless wallet bet + win on PostgreSQL: not measured (${(err as Error).message})`;
  }
  console.log();
  printRatios(rows);
  console.log(note);
} finally {
  bare.stop();
  await site.stop();
}
