// A second server process for the cross-process test: starts a hub on Redis, prints its port, then publishes
// each JSON line `{ channel, data }` read on stdin and answers "published".
import { createInterface } from "node:readline";
import { startRealtimeServer } from "./test-support";

const server = await startRealtimeServer({ redisUrl: process.argv[2] });
process.stdout.write(`${server.port}\n`);
createInterface({ input: process.stdin }).on("line", async (line) => {
  const { channel, data } = JSON.parse(line) as { channel: string; data: { event: string; data: unknown } };
  await server.realtime.publish(channel, data);
  process.stdout.write("published\n");
});
process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));
