// Process A of the webhook SIGKILL test: approves a sandbox payment, says "approved" once its webhook is about
// to leave (the approval has committed) and stalls there, so its parent's SIGKILL lands between the approval
// and the webhook's delivery. Argument: a JSON { url, ref, secret }.
import { openDatabase } from "../../db/client";
import { builtInProcessors } from "../../providers/payment";

const args = JSON.parse(process.argv[2]!) as { url: string; ref: string; secret: string };
const database = await openDatabase({ url: args.url, dataDir: "" });
const processors = builtInProcessors({
  db: database.db,
  clock: { now: () => new Date() },
  secret: args.secret,
  publicUrl: "http://casino.test",
  deliver: async () => {
    process.stdout.write("approved\n");
    await new Promise(() => {}); // the kill comes before this webhook reaches the casino
  },
});
await processors.sandbox!.settle(args.ref, "approved");
process.stdout.write("delivered\n");
