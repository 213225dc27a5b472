// Games benchmark: GET /api/game/games with filters over the demo catalogue, and the seamless wallet's
// bet + win pair (signed, as a provider sends them), as requests/s and p99 next to a bare Fastify route measured
// in the same run. See bench/README.md.
import { randomUUID } from "node:crypto";
import type { Request } from "autocannon";
import { signWalletCall } from "../server/providers/games/signature";
import { startServer } from "../tests/e2e/support/server";
import { connections, fundedPlayer, json, measure, printRatios, seconds, startBare } from "./http";

const SECRET = `bench-${randomUUID()}-${randomUUID()}`;

/** A player with money in USD and a real-money session of the slot. */
async function fundedSession(base: string): Promise<string> {
  const token = await fundedPlayer(base, "500");
  const launch = await json(base, "POST", "/api/game/games/harbor-fortune/play", { real: true }, token);
  return launch.body.data.sessionId as string;
}

console.log(`bench games: ${connections} connections, ${seconds} s per target (+1 s warm-up)`);
const site = await startServer({ env: { APP_ENV: "development", HOUSE_GAMES_SECRET: SECRET }, quiet: true });
const bare = await startBare();
try {
  const session = await fundedSession(site.baseUrl);
  let pair = 0;
  const signed = (body: object) => {
    const raw = JSON.stringify(body);
    return {
      headers: { "content-type": "application/json", ...signWalletCall(SECRET, raw, new Date()) },
      body: raw,
    };
  };
  const rows = [
    await measure("bare fastify GET / (baseline)", { url: `${bare.url}/` }),
    await measure("GET /api/game/games (provider + feature + sort)", {
      url: `${site.baseUrl}/api/game/games?provider[]=golden-reel&provider[]=nebula-spin&feature=slots&sort=new&perPage=24`,
    }),
    await measure("GET /api/game/games?search=bok of ded", {
      url: `${site.baseUrl}/api/game/games?search=bok%20of%20ded&perPage=24`,
    }),
    // One "request" here is one call; a bet and its win alternate on every connection.
    await measure("seamless wallet bet + win (per call)", {
      url: site.baseUrl,
      requests: [
        {
          method: "POST",
          path: "/api/game/wallet/house/bet",
          setupRequest: (req: Request, context: Record<string, unknown>) => {
            const id = `bench-${process.pid}-${++pair}`;
            context.id = id;
            const s = signed({
              token: session,
              transactionId: id,
              roundId: id,
              amount: "0.01",
              currency: "USD",
            });
            return { ...req, ...s };
          },
        },
        {
          method: "POST",
          path: "/api/game/wallet/house/win",
          setupRequest: (req: Request, context: Record<string, unknown>) => {
            const id = context.id as string;
            const s = signed({
              token: session,
              transactionId: `${id}-win`,
              referenceTransactionId: id,
              roundId: id,
              amount: "0.01",
              currency: "USD",
              roundClosed: true,
            });
            return { ...req, ...s };
          },
        },
      ],
    }),
  ];
  console.log();
  printRatios(rows);
  const check = await fetch(`${site.baseUrl}/api/game/wallet/house/balance`, {
    method: "POST",
    ...signed({ token: session }),
  });
  console.log(
    `wallet after the run: ${JSON.stringify(await check.json())} (a paid pair nets 0; a run can stop between a bet and its win)`,
  );
} finally {
  bare.stop();
  await site.stop();
}
