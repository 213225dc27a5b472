// The crash recovery test's server: runs the crash loop on the test's database, places four bets, cashes one
// out by hand, waits for an auto cash-out to be paid, says so, and runs on until its parent kills it with SIGKILL.
// Argument: a JSON { url?, dataDir, secret, tokens: [a, b, c, d] }.
import { buildApp } from "../../../../app";
import { createCache } from "../../../../cache";
import { loadConfig } from "../../../../config";
import { openDatabase } from "../../../../db/client";
import { systemClock } from "../../../../lib/clock";
import { houseWalletCaller } from "../../index";
import { crashDeps } from ".";
import { startCrashLoop } from "./loop";
import { latestRound } from "./service";

const args = JSON.parse(process.argv[2]!) as {
  url?: string;
  dataDir: string;
  secret: string;
  tokens: string[];
};
const database = await openDatabase({ url: args.url, dataDir: args.dataDir });
const config = loadConfig({
  APP_ENV: "test",
  LOG_LEVEL: "silent",
  HOUSE_GAMES_SECRET: args.secret,
  CRASH_BETTING_SECONDS: "4",
});
const app = await buildApp({ config, db: database.db, cache: createCache({}) });
await app.ready();
const house = {
  db: database.db,
  clock: systemClock,
  callWallet: houseWalletCaller((r) => app.inject(r), args.secret, systemClock),
};
const deps = crashDeps(house, { publish: async () => {} }, config);
startCrashLoop(deps, { me: "crash-child", tickMs: 50, log: { error: (o, m) => console.error(m, o) } });

const call = async (url: string, body: object) => {
  const res = await app.inject({ method: "POST", url: `/api/house/sessions/${url}`, payload: body });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as { data: { bet: { cashOut?: number; state: string } } };
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const roundNow = async () => {
  for (;;) {
    const r = await latestRound(deps);
    if (r) return r;
    await sleep(50);
  }
};

let round = await roundNow();
while (round.phase !== "betting") {
  await sleep(50);
  round = await roundNow();
}
const [a, b, c, d] = args.tokens as [string, string, string, string];
await call(`${a}/crash/bet`, { amount: "10" });
await call(`${b}/crash/bet`, { amount: "10", autoCashOut: 1.1 });
await call(`${c}/crash/bet`, { amount: "10" });
await call(`${d}/crash/bet`, { amount: "10", autoCashOut: 50 });
process.stdout.write(`placed ${round.id}\n`);
// Up the curve to 1.20× or so: a cashes out; the loop has paid b's 1.10× by then.
while (Date.now() < round.bettingEndsAt.getTime() + 1_900) await sleep(20);
const cashed = await call(`${a}/crash/cashout`, {});
process.stdout.write(`cashed ${cashed.data.bet.cashOut}\n`);
await sleep(300);
process.stdout.write("running\n");
// Left running: only the parent's SIGKILL ends it, as a crash would.
setInterval(() => undefined, 1 << 30);
