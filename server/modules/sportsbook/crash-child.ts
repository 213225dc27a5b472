// Settles the crash test's bets, saying how far it got, until its parent kills it with SIGKILL: bet by bet
// (`settleBet`), or event by event (`settleEvent`, each event's bets in one batch).
// Argument: a JSON { url?, dataDir, events, by } naming the database, how many events the feed holds and how.
import { asc } from "drizzle-orm";
import { openDatabase } from "../../db/client";
import { settleBet, settleEvent } from "./settlement";
import { sportBets } from "./tables";
import { crashFeed, sportsbookTestDeps } from "./test-support";

const args = JSON.parse(process.argv[2]!) as {
  url?: string;
  dataDir: string;
  events: number;
  by: "bet" | "event";
};
const database = await openDatabase({ url: args.url, dataDir: args.dataDir });
const { deps } = sportsbookTestDeps(database.db, crashFeed(args.events, { results: true }));
process.stdout.write("ready\n");
let n = 0;
if (args.by === "event")
  for (let i = 0; i < args.events; i++) {
    n += await settleEvent(deps, 70_000 + i);
    process.stdout.write(`settled ${n}\n`);
  }
else
  for (const { id } of await database.db
    .select({ id: sportBets.id })
    .from(sportBets)
    .orderBy(asc(sportBets.id))) {
    await settleBet(deps, id);
    process.stdout.write(`settled ${++n}\n`);
  }
process.stdout.write("done\n");
// Left running: only the parent's SIGKILL ends it, as a crash would.
setInterval(() => undefined, 1 << 30);
