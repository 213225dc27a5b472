// Sportsbook benchmark: bet placement, `POST /api/sportsbook/bets`, as requests/s and p99 next to a bare Fastify
// route measured in the same run (on the embedded database: a figure, no target since issue 38 replaced issue
// #15's 0.2× of the bare route with a ratio to the database's own commit rate); then, given a PostgreSQL server
// (BENCH_DATABASE_URL or TEST_DATABASE_URL), a single and a 3-leg combo placed on a server on PostgreSQL against
// pgbench's TPC-B on that server in the same run (issue 38: at least 0.5×). See bench/README.md.
import type { Request } from "autocannon";
import type { SportEvent } from "#common/api/sportsbook";
import { startServer } from "../tests/e2e/support/server";
import { cpuLine } from "./cpu";
import { connections, fundedPlayer, json, measure, printRatios, type Row, seconds, startBare } from "./http";
import {
  baselineLine,
  benchDatabaseUrl,
  driftAfterLoad,
  pgbenchOn,
  vsPgbench,
  withDatabase,
} from "./pgbench";

/** How many players share the load: each connection bets for one of them, as many players bet at once. */
const PLAYERS = Number(process.env.BENCH_SPORT_PLAYERS ?? connections);
const STAKE = "0.1";
/** Issue 38: on PostgreSQL, placements/s at least half pgbench's TPC-B tps. */
const PG_TARGET = 0.5;

type Pick = { selectionId: string; odds: string; eventId: string };

/** A player with money in USD and the sportsbook's token. */
async function fundedBettor(base: string): Promise<string> {
  const access = await fundedPlayer(base, "5000");
  const play = await json(base, "POST", "/api/game/games/sportsbook/play", {}, access);
  if (play.status !== 200)
    throw new Error(`sportsbook start-game: ${play.status} ${JSON.stringify(play.body)}`);
  return play.body.data.token as string;
}

/** Open main-market selections of pre-match events that start well after the run (so none closes under it). */
async function openSelections(base: string): Promise<Pick[]> {
  const res = await json(base, "GET", "/api/sportsbook/events?status=scheduled&limit=200");
  if (res.status !== 200) throw new Error(`events: ${res.status} ${JSON.stringify(res.body)}`);
  const after = Date.now() + (seconds + 60) * 1000;
  return (res.body.data as SportEvent[])
    .filter((e) => new Date(e.startsAt).getTime() > after)
    .flatMap((e) =>
      e.markets
        .filter((m) => m.status === "open")
        .flatMap((m) =>
          m.selections.map((s) => ({ selectionId: s.id, odds: s.odds, eventId: String(e.id) })),
        ),
    );
}

/** Three selections of three different events, the `n`th such slip in turn (a combo takes one leg an event). */
function comboOf(selections: Pick[], n: number): Pick[] {
  const legs: Pick[] = [];
  for (let i = n; legs.length < 3 && i < n + selections.length; i++) {
    const s = selections[i % selections.length]!;
    if (!legs.some((l) => l.eventId === s.eventId)) legs.push(s);
  }
  return legs;
}

/**
 * Loads `POST /api/sportsbook/bets` with singles or 3-leg combos: each connection bets as one player, each bet
 * its own slip (a unique requestId) on the next selection(s) in turn. Answers by status and error code are
 * counted in `answers`: a refusal is an answer, not a placed bet.
 */
function placement(
  name: string,
  base: string,
  tokens: string[],
  selections: Pick[],
  kind: "single" | "combo",
  answers: Map<string, number>,
  target?: number,
  serverPid?: number,
): Promise<Row> {
  let sent = 0;
  let connection = 0;
  return measure(
    name,
    {
      url: base,
      requests: [
        {
          method: "POST",
          path: "/api/sportsbook/bets",
          setupRequest: (req: Request, context: Record<string, unknown>) => {
            context.token ??= tokens[connection++ % tokens.length];
            const n = sent++;
            const picks =
              kind === "single" ? [selections[n % selections.length]!] : comboOf(selections, n * 3);
            return {
              ...req,
              headers: { "content-type": "application/json", authorization: `Bearer ${context.token}` },
              body: JSON.stringify({
                type: kind,
                stake: STAKE,
                currency: "USD",
                oddsPolicy: "any",
                requestId: `bench-${process.pid}-${kind}-${n}`,
                selections: picks.map(({ selectionId, odds }) => ({ selectionId, odds })),
              }),
            };
          },
          onResponse: (status: number, body: string) => {
            const code = status === 200 ? "placed" : `${status} ${safeCode(body)}`;
            answers.set(code, (answers.get(code) ?? 0) + 1);
          },
        },
      ],
    },
    target === undefined ? undefined : { rpsRatio: target },
    serverPid,
  );
}

const describeAnswers = (answers: Map<string, number>) =>
  [...answers].map(([k, n]) => `${k}: ${n}`).join(", ");
const refusals = (answers: Map<string, number>) =>
  [...answers].filter(([k]) => k !== "placed").reduce((sum, [, n]) => sum + n, 0);

/** Single and 3-leg combo placement on a server on PostgreSQL, against pgbench on the same server. */
async function onPostgres(adminUrl: string): Promise<void> {
  // The baseline first, with no server running beside it.
  const baseline = await withDatabase(adminUrl, async (url) => pgbenchOn(url, connections, seconds));
  await withDatabase(adminUrl, async (url) => {
    const pgSite = await startServer({ env: { APP_ENV: "development" }, databaseUrl: url, quiet: true });
    try {
      const tokens = await Promise.all(Array.from({ length: PLAYERS }, () => fundedBettor(pgSite.baseUrl)));
      const selections = await openSelections(pgSite.baseUrl);
      if (selections.length === 0) throw new Error("no open pre-match selections to bet on (PostgreSQL)");
      const singles = new Map<string, number>();
      const combos = new Map<string, number>();
      const at = [pgSite.baseUrl, tokens, selections] as const;
      const single = await placement("single", ...at, "single", singles, undefined, pgSite.pid);
      const combo = await placement("combo", ...at, "combo", combos, undefined, pgSite.pid);
      console.log("\nsportsbook placement on PostgreSQL against the database's own speed (issue 38):");
      console.log(baselineLine(baseline));
      console.log(
        `${vsPgbench("POST /api/sportsbook/bets single, PostgreSQL", single.rps, "bets/s", baseline, PG_TARGET, single.non2xx + single.errors)}  p99 ${single.p99} ms`,
      );
      console.log(cpuLine(single.cpu, "bet"));
      console.log(
        `${vsPgbench("POST /api/sportsbook/bets 3-leg combo, PostgreSQL", combo.rps, "bets/s", baseline, PG_TARGET, combo.non2xx + combo.errors)}  p99 ${combo.p99} ms`,
      );
      console.log(cpuLine(combo.cpu, "bet"));
      console.log(
        `  answers (warm-up included): single ${describeAnswers(singles)}; combo ${describeAnswers(combos)}`,
      );
      if (refusals(singles) + refusals(combos) > 0)
        console.log(
          "  warning: some placements were refused: their answers are in the rates (met shows yes*)",
        );
      await pgSite.stop();
      console.log(await driftAfterLoad(url));
    } finally {
      await pgSite.stop();
    }
  });
}

console.log(
  `bench sportsbook: ${connections} connections, ${PLAYERS} players, ${seconds} s per target (+1 s warm-up)`,
);
// BENCH_SPORTSBOOK_URL: load a server you started yourself (e.g. under `node --cpu-prof`) instead of a fresh one.
const site = process.env.BENCH_SPORTSBOOK_URL
  ? { baseUrl: process.env.BENCH_SPORTSBOOK_URL, stop: async () => undefined }
  : await startServer({ env: { APP_ENV: "development" }, quiet: true });
const bare = await startBare();
try {
  const tokens = await Promise.all(Array.from({ length: PLAYERS }, () => fundedBettor(site.baseUrl)));
  const selections = await openSelections(site.baseUrl);
  if (selections.length === 0) throw new Error("no open pre-match selections to bet on");
  const answers = new Map<string, number>();
  const rows = [
    await measure("bare fastify GET / (baseline)", { url: `${bare.url}/` }),
    await placement(
      "POST /api/sportsbook/bets (single, pre-match)",
      site.baseUrl,
      tokens,
      selections,
      "single",
      answers,
    ),
  ];
  console.log();
  printRatios(rows);
  const [base, place] = rows as [Row, Row];
  const ratio = place.rps / base.rps;
  console.log(
    `answers (warm-up included): ${describeAnswers(answers)}; ${selections.length} selections in turn`,
  );
  console.log(
    `embedded database: bet placement at ${ratio.toFixed(3)}× the bare route (no target: issue 38 measures placement against pgbench on PostgreSQL, below)`,
  );
} finally {
  bare.stop();
  await site.stop();
}

// One server at a time: the first one's jobs would take CPU from the PostgreSQL one's measurement.
if (process.env.BENCH_SPORTSBOOK_URL) {
  console.log("sportsbook on PostgreSQL: skipped (BENCH_SPORTSBOOK_URL names the server under test)");
} else if (!benchDatabaseUrl) {
  console.log(
    "sportsbook on PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server to measure it)",
  );
} else {
  try {
    await onPostgres(benchDatabaseUrl);
  } catch (err) {
    console.log(`sportsbook on PostgreSQL: not measured (${(err as Error).message})`);
  }
}

function safeCode(body: string): string {
  try {
    return String((JSON.parse(body) as { code?: unknown }).code ?? "?");
  } catch {
    return "?";
  }
}
