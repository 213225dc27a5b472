// Settles the crash test's bets one by one, saying how far it got, until its parent kills it with SIGKILL.
// Argument: a JSON { url?, dataDir, events } naming the database and how many events the feed holds.
import { asc } from "drizzle-orm";
import { openDatabase } from "../../db/client";
import { settleBet } from "./settlement";
import { sportBets } from "./tables";
import { crashFeed, sportsbookTestDeps } from "./test-support";

const args = JSON.parse(process.argv[2]!) as { url?: string; dataDir: string; events: number };
const database = await openDatabase({ url: args.url, dataDir: args.dataDir });
const { deps } = sportsbookTestDeps(database.db, crashFeed(args.events, { results: true }));
const ids = await database.db.select({ id: sportBets.id }).from(sportBets).orderBy(asc(sportBets.id));
process.stdout.write("ready\n");
let n = 0;
for (const { id } of ids) {
  await settleBet(deps, id);
  process.stdout.write(`settled ${++n}\n`);
}
process.stdout.write("done\n");
// Left running: only the parent's SIGKILL ends it, as a crash would.
setInterval(() => undefined, 1 << 30);
