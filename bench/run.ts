// `npm run bench`: requests/s and p99 latency of the real server against a bare Fastify measured in the same
// run, so the ratios hold on a noisy machine, each next to its target (issue #20); and the home page's
// first-paint JavaScript. See bench/README.md.
import { HOME_JS_BUDGET_BYTES, homeInitialJs, kb } from "../tests/e2e/support/bundle";
import { startServer } from "../tests/e2e/support/server";
import { connections, fundedPlayer, json, measure, printRatios, seconds, startBare } from "./http";

/** Issue #20: a server-rendered page, guest or player, at least 0.05 of the bare route and p99 within 100 ms. */
const PAGE_TARGET = { rpsRatio: 0.05, p99Ms: 100 };

/**
 * Whether `/` rendered for the player: the root loader reads the `access_token` cookie and puts the player's
 * profile in the page, but renders a guest's page when that fails, so a 200 alone does not tell.
 */
async function rendersForPlayer(base: string, cookie: string, email: string): Promise<boolean> {
  const res = await fetch(`${base}/`, { headers: { cookie } });
  return res.ok && (await res.text()).includes(email);
}

console.log(`bench: ${connections} connections, ${seconds} s per target (+1 s warm-up)`);
const site = await startServer({ env: { APP_ENV: "development" }, quiet: true });
const bare = await startBare();
try {
  const rows = [
    await measure("bare fastify GET / (baseline)", { url: `${bare.url}/` }),
    await measure(
      "GET /api/settings/currencies",
      { url: `${site.baseUrl}/api/settings/currencies` },
      { rpsRatio: 0.5 },
    ),
    await measure("GET / (server-rendered, guest)", { url: `${site.baseUrl}/` }, PAGE_TARGET),
  ];
  const notes: string[] = [];
  try {
    // A player with money, signed in as the browser is: the token in the `access_token` cookie
    // (tests/e2e/support/player.ts, playerPage).
    const token = await fundedPlayer(site.baseUrl, "100");
    const email = (await json(site.baseUrl, "GET", "/api/player/profile", undefined, token)).body
      .email as string;
    const cookie = `access_token=${token}`;
    if (!(await rendersForPlayer(site.baseUrl, cookie, email)))
      throw new Error("GET / with the player's access_token cookie did not render the player's page");
    rows.push(
      await measure(
        "GET / (server-rendered, signed-in player)",
        { url: `${site.baseUrl}/`, headers: { cookie } },
        PAGE_TARGET,
      ),
    );
    // Still the player's page at the end: had the session failed under load, the row would have measured a guest.
    if (!(await rendersForPlayer(site.baseUrl, cookie, email)))
      notes.push("warning: after the run, GET / with the cookie no longer rendered the player's page");
  } catch (err) {
    notes.push(`GET / (server-rendered, signed-in player): not measured (${(err as Error).message})`);
  }
  console.log();
  printRatios(rows);
  for (const note of notes) console.log(note);
  try {
    const js = await homeInitialJs(site.baseUrl);
    console.log(
      `home initial JS: ${kb(js.gzipBytes)} gzip in ${js.scripts.length} files; target ≤ ${kb(HOME_JS_BUDGET_BYTES)}, met: ${js.gzipBytes <= HOME_JS_BUDGET_BYTES ? "yes" : "no"}`,
    );
  } catch (err) {
    console.log(`home initial JS: not measured (${(err as Error).message})`);
  }
} finally {
  bare.stop();
  await site.stop();
}
