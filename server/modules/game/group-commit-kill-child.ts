// Bets and wins on the seamless wallet for many players at once, committed in groups (decision 0056), saying
// which calls were answered, until its parent kills it with SIGKILL. Argument: a JSON { url, secret, tokens }.
import { buildApp } from "../../app";
import { createCache } from "../../cache";
import { loadConfig } from "../../config";
import { groupCommitStats, openDatabase } from "../../db/client";
import { signWalletCall } from "../../providers/games/signature";

const args = JSON.parse(process.argv[2]!) as { url: string; secret: string; tokens: string[] };
const database = await openDatabase({ url: args.url, dataDir: "" });
const config = loadConfig({ APP_ENV: "test", LOG_LEVEL: "silent", HOUSE_GAMES_SECRET: args.secret });
const app = await buildApp({ config, db: database.db, cache: createCache({}) });
await app.ready();

async function call(action: "bet" | "win", body: object) {
  const raw = JSON.stringify(body);
  const res = await app.inject({
    method: "POST",
    url: `/api/game/wallet/house/${action}`,
    headers: { "content-type": "application/json", ...signWalletCall(args.secret, raw, new Date()) },
    payload: raw,
  });
  const answer = res.json() as { status: string };
  if (answer.status !== "RS_OK") throw new Error(`${action} answered ${JSON.stringify(answer)}`);
}

process.stdout.write("ready\n");
let n = 0;
const answered = (line: string) => {
  process.stdout.write(`${line}\n`);
  process.stdout.write(`n ${++n}\n`);
  if (n % 50 === 0) process.stdout.write(`largest ${groupCommitStats(database.db)?.largest ?? 0}\n`);
};
// Every player bets at once, so calls queue behind the batches in flight and the kill lands inside some.
await Promise.all(
  args.tokens.map(async (token, p) => {
    for (let i = 0; ; i++) {
      const round = `k${p}-${i}`;
      await call("bet", {
        token,
        transactionId: `${round}-bet`,
        roundId: round,
        amount: "0.01",
        currency: "USD",
      });
      answered(`bet ${round}-bet`);
      await call("win", {
        token,
        transactionId: `${round}-win`,
        referenceTransactionId: `${round}-bet`,
        roundId: round,
        amount: i % 2 === 0 ? "0.02" : "0",
        currency: "USD",
        roundClosed: true,
      });
      answered(`win ${round}-win`);
    }
  }),
);
