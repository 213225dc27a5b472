// A second server process for the cross-process test: starts a hub on Redis, prints its port, then publishes
// each JSON line `{ channel, data }` read on stdin and answers "published" (`{ "gc": true }` collects garbage).
import { createInterface } from "node:readline";
import { startRealtimeServer } from "./test-support";

const server = await startRealtimeServer({ redisUrl: process.argv[2] });
process.stdout.write(`${server.port}\n`);
createInterface({ input: process.stdin }).on("line", async (line) => {
  const { channel, data, gc } = JSON.parse(line) as {
    channel: string;
    data: { event: string; data: unknown };
    gc?: boolean;
  };
  if (gc) {
    // The benchmark reads memory after a collection (node --expose-gc), not whenever the heap happens to be.
    (globalThis as { gc?: () => void }).gc?.();
    process.stdout.write(`gc ${JSON.stringify(process.memoryUsage())}\n`);
    return;
  }
  await server.realtime.publish(channel, data);
  process.stdout.write("published\n");
});
process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));
