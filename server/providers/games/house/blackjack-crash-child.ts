// Plays blackjack rounds by basic strategy for the crash test, saying how far it got, until its parent kills
// it with SIGKILL. Argument: a JSON { url?, dataDir, tokens } naming the database and the game sessions.
import { type BlackjackState, basicStrategy } from "#common/house-games";
import { openDatabase } from "../../../db/client";
import { blackjackAction, blackjackStart } from "./blackjack";
import { houseAppOn } from "./blackjack-test-support";

const args = JSON.parse(process.argv[2]!) as { url?: string; dataDir: string; tokens: string[] };
const database = await openDatabase({ url: args.url, dataDir: args.dataDir });
const { deps } = await houseAppOn(database.db);
process.stdout.write("ready\n");
// Every session plays at once, so the kill lands in the middle of several rounds, at different steps.
let n = 0;
await Promise.all(
  args.tokens.map(async (token) => {
    for (;;) {
      let answer = await blackjackStart(deps, token, { amount: "1" });
      // The open round's view has what basic strategy reads: the hands, the up card, the moves allowed.
      while (answer.round.status === "open") {
        const view = answer.round.outcome as unknown as BlackjackState;
        answer = await blackjackAction(deps, token, { action: basicStrategy(view), hand: view.active });
      }
      process.stdout.write(`round ${++n}\n`);
    }
  }),
);
