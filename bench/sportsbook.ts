// Sportsbook benchmark (issue #15): bet placement, `POST /api/sportsbook/bets`, as requests/s and p99 next to a
// bare Fastify route measured in the same run (target: a ratio of at least 0.2). See bench/README.md.
import type { Request } from "autocannon";
import type { SportEvent } from "#common/api/sportsbook";
import { startServer } from "../tests/e2e/support/server";
import { connections, fundedPlayer, json, measure, printRatios, seconds, startBare } from "./http";

/** How many players share the load: each connection bets for one of them, as many players bet at once. */
const PLAYERS = Number(process.env.BENCH_SPORT_PLAYERS ?? connections);
const STAKE = "0.1";
/** Issue #15/#20: placement at least 0.2 of the bare route's requests/s. */
const TARGET_RATIO = 0.2;

/** A player with money in USD and the sportsbook's token. */
async function fundedBettor(base: string): Promise<string> {
  const access = await fundedPlayer(base, "5000");
  const play = await json(base, "POST", "/api/game/games/sportsbook/play", {}, access);
  if (play.status !== 200)
    throw new Error(`sportsbook start-game: ${play.status} ${JSON.stringify(play.body)}`);
  return play.body.data.token as string;
}

/** Open main-market selections of pre-match events that start well after the run (so none closes under it). */
async function openSelections(base: string): Promise<{ selectionId: string; odds: string }[]> {
  const res = await json(base, "GET", "/api/sportsbook/events?status=scheduled&limit=200");
  if (res.status !== 200) throw new Error(`events: ${res.status} ${JSON.stringify(res.body)}`);
  const after = Date.now() + (seconds + 60) * 1000;
  return (res.body.data as SportEvent[])
    .filter((e) => new Date(e.startsAt).getTime() > after)
    .flatMap((e) => e.markets.filter((m) => m.status === "open"))
    .flatMap((m) => m.selections.map((s) => ({ selectionId: s.id, odds: s.odds })));
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

  let sent = 0;
  let connection = 0;
  /** Answers by status and error code: a refusal is an answer too, but not a placed bet. */
  const answers = new Map<string, number>();
  const rows = [
    await measure("bare fastify GET / (baseline)", { url: `${bare.url}/` }),
    await measure(
      "POST /api/sportsbook/bets (single, pre-match)",
      {
        url: site.baseUrl,
        requests: [
          {
            method: "POST",
            path: "/api/sportsbook/bets",
            setupRequest: (req: Request, context: Record<string, unknown>) => {
              // Each connection is one player; each bet its own slip (a unique requestId) on the next selection.
              context.token ??= tokens[connection++ % tokens.length];
              const pick = selections[sent++ % selections.length]!;
              return {
                ...req,
                headers: { "content-type": "application/json", authorization: `Bearer ${context.token}` },
                body: JSON.stringify({
                  type: "single",
                  stake: STAKE,
                  currency: "USD",
                  oddsPolicy: "any",
                  requestId: `bench-${process.pid}-${sent}`,
                  selections: [pick],
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
      { rpsRatio: TARGET_RATIO },
    ),
  ];
  console.log();
  printRatios(rows);
  const [base, place] = rows as [(typeof rows)[number], (typeof rows)[number]];
  const ratio = place.rps / base.rps;
  console.log(
    `answers (warm-up included): ${[...answers].map(([k, n]) => `${k}: ${n}`).join(", ")}; ${selections.length} selections in turn`,
  );
  console.log(
    `target: bet placement ≥ ${TARGET_RATIO}× the bare route → ${ratio.toFixed(3)}×, met: ${ratio >= TARGET_RATIO ? "yes" : "no"}`,
  );
} finally {
  bare.stop();
  await site.stop();
}

function safeCode(body: string): string {
  try {
    return String((JSON.parse(body) as { code?: unknown }).code ?? "?");
  } catch {
    return "?";
  }
}
