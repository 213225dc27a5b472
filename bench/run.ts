// `npm run bench`: requests/s and p99 latency of the real server against a bare Fastify measured in the same
// run, so the ratios hold on a noisy machine, each next to its target (issue #20); and the home page's
// first-paint JavaScript and HTML. See bench/README.md.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { tokenExpiry } from "../app/lib/session/token";
import { EXPIRY_COOKIE, TOKEN_COOKIE } from "../common/session-cookie";
import { HOME_JS_BUDGET_BYTES, homeInitialJs, kb } from "../tests/e2e/support/bundle";
import { startServer } from "../tests/e2e/support/server";
import {
  BROWSER_HEADERS,
  connections,
  fundedPlayer,
  json,
  measure,
  measureInTurn,
  printRatios,
  seconds,
  startBare,
} from "./http";

/**
 * Issue 41's targets: a guest's server-rendered page (the home, the lobby, the sportsbook, a game) at least 0.05
 * of the bare route with p99 within 50 ms; a signed-in player's home at least 0.01 with p99 within 100 ms; the
 * cached API reads at least 0.5.
 */
const GUEST_PAGE_TARGET = { rpsRatio: 0.05, p99Ms: 50 };
const PLAYER_PAGE_TARGET = { rpsRatio: 0.01, p99Ms: 100 };
const API_READ_TARGET = { rpsRatio: 0.5 };
/** The guest pages measured beside the home; a demo game's screen stands for /game/{slug}. */
/** Issue 41: the home's first-paint JavaScript (gzip) and its HTML (uncompressed). */
const HOME_JS_TARGET_BYTES = 150 * 1024;
const HOME_HTML_TARGET_BYTES = 60 * 1024;
const GUEST_PAGES = ["/", "/games", "/betting", "/game/harbor-fortune"];

/**
 * Whether `/` is the player's home: the players' shell (decision 0075: the guests' page drawn for no one, from
 * the page cache, whose answers say `x-page-cache`), with a session cookie the API takes as this player's (what
 * the browser reads the player's part with). A 200 alone would not tell a guest's page or a lost session.
 */
async function playersHome(base: string, cookie: string, email: string): Promise<boolean> {
  const page = await fetch(`${base}/`, { headers: { cookie } });
  await page.arrayBuffer();
  const profile = await fetch(`${base}/api/player/profile`, { headers: { cookie } });
  return (
    page.ok &&
    page.headers.get("x-page-cache") !== null &&
    profile.ok &&
    ((await profile.json()) as { email?: string }).email === email
  );
}

/**
 * Whether the page carries a dictionary inline: most of the English dictionaries' longer texts in its HTML (a
 * rendered page shows a few of them; the loader data used to carry every one).
 */
function dictionaryInline(html: string): boolean {
  const dir = join("content", "en");
  const texts: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string") {
      if (v.length >= 40 && !/[<>&"'{]/.test(v)) texts.push(v);
    } else if (v && typeof v === "object") for (const x of Object.values(v)) walk(x);
  };
  for (const f of readdirSync(dir).filter((n) => n.endsWith(".json")))
    walk(JSON.parse(readFileSync(join(dir, f), "utf8")));
  const found = texts.filter((t) => html.includes(t)).length;
  return texts.length > 0 && found / texts.length > 0.5;
}

console.log(`bench: ${connections} connections, ${seconds} s per target (+1 s warm-up)`);
const site = await startServer({ env: { APP_ENV: "development" }, quiet: true });
const bare = await startBare();
try {
  // The cached read and the baseline in turn (bench/http.ts, measureInTurn); the pages once each after them.
  const rows = await measureInTurn([
    { name: "bare fastify GET / (baseline)", opts: { url: `${bare.url}/` } },
    {
      name: "GET /api/settings/currencies",
      opts: { url: `${site.baseUrl}/api/settings/currencies`, headers: BROWSER_HEADERS },
      target: API_READ_TARGET,
    },
  ]);
  for (const path of GUEST_PAGES)
    rows.push(
      await measure(
        `GET ${path} (server-rendered, guest)`,
        { url: `${site.baseUrl}${path}`, headers: BROWSER_HEADERS },
        GUEST_PAGE_TARGET,
      ),
    );
  const notes: string[] = [];
  try {
    // A player with money, signed in as the browser is (tests/e2e/support/player.ts, playerPage).
    const token = await fundedPlayer(site.baseUrl, "100");
    const email = (await json(site.baseUrl, "GET", "/api/player/profile", undefined, token)).body
      .email as string;
    // Both cookies the server sets at sign-in: without the expiry marker the page would refresh the token on
    // every render (app/lib/session/load.ts), as a browser that kept no cookies would make it.
    const cookie = `${TOKEN_COOKIE}=${token}; ${EXPIRY_COOKIE}=${Math.floor(tokenExpiry(token)! / 1000)}`;
    if (!(await playersHome(site.baseUrl, cookie, email)))
      throw new Error("GET / with the player's cookies was not the players' shell of a live session");
    rows.push(
      await measure(
        "GET / (signed-in player: the players' shell)",
        { url: `${site.baseUrl}/`, headers: { ...BROWSER_HEADERS, cookie } },
        PLAYER_PAGE_TARGET,
      ),
    );
    // Still the player's page at the end: had the session failed under load, the row would have measured a guest.
    if (!(await playersHome(site.baseUrl, cookie, email)))
      notes.push(
        "warning: after the run, GET / with the cookies was no longer the players' shell of a live session",
      );
  } catch (err) {
    notes.push(`GET / (server-rendered, signed-in player): not measured (${(err as Error).message})`);
  }
  console.log();
  printRatios(rows);
  for (const note of notes) console.log(note);
  try {
    const js = await homeInitialJs(site.baseUrl);
    const html = await (await fetch(`${site.baseUrl}/`)).text();
    const htmlBytes = Buffer.byteLength(html);
    const inlineDictionary = dictionaryInline(html);
    console.log(
      `home first-paint JS: ${kb(js.gzipBytes)} gzip in ${js.scripts.length} files; target ≤ ${kb(HOME_JS_TARGET_BYTES)} (issue 41), met: ${js.gzipBytes <= HOME_JS_TARGET_BYTES ? "yes" : "no"}; budget ≤ ${kb(HOME_JS_BUDGET_BYTES)} (tests/budget)`,
    );
    console.log(
      `home HTML, guest, uncompressed: ${kb(htmlBytes)}; target ≤ ${kb(HOME_HTML_TARGET_BYTES)} and no dictionary inline, met: ${htmlBytes <= HOME_HTML_TARGET_BYTES && !inlineDictionary ? "yes" : "no"}${inlineDictionary ? " (a dictionary is inline)" : ""}`,
    );
  } catch (err) {
    console.log(`home first-paint JS and HTML: not measured (${(err as Error).message})`);
  }
} finally {
  bare.stop();
  await site.stop();
}
