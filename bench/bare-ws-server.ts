// The realtime benchmark's baseline: a bare `ws` server in its own process. It answers every message with a
// one-line reply (as a hub answers connect) and, for each stdin line `{ "to": n, "data": … }`, sends the data to
// the connection named `sub-<n>` (as a hub delivers one player's publication). `{ "gc": true }` collects
// garbage before a memory reading. Prints its port.
import { createInterface } from "node:readline";
import { type WebSocket, WebSocketServer } from "ws";

/** Subscribers by the name they connected with (`sub-<n>`), as a hub knows players by their token. */
const byName = new Map<string, WebSocket>();
const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" });
wss.on("connection", (ws) => {
  ws.on("message", (raw) => {
    const name = /"name":"([^"]+)"/.exec(raw.toString())?.[1];
    if (name) byName.set(name, ws);
    ws.send('{"id":1,"connect":{}}');
  });
  ws.on("close", () => {
    for (const [name, s] of byName) if (s === ws) byName.delete(name);
  });
});
wss.on("listening", () => {
  const address = wss.address();
  process.stdout.write(`${typeof address === "object" && address ? address.port : 0}\n`);
});
createInterface({ input: process.stdin }).on("line", (line) => {
  const { to, data, gc } = JSON.parse(line) as { to: number; data: unknown; gc?: boolean };
  if (gc) {
    (globalThis as { gc?: () => void }).gc?.();
    process.stdout.write(`gc ${JSON.stringify(process.memoryUsage())}\n`);
    return;
  }
  byName.get(`sub-${to}`)?.send(JSON.stringify({ push: { channel: "bench", pub: { data } } }));
});
