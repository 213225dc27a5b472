import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { playerChannel } from "#common/realtime";
import { type RealtimeServer, startRealtimeServer, tokenFor } from "./test-support";

/** A raw socket speaking the protocol by hand, to see exactly what the hub answers. */
class RawClient {
  readonly frames: string[] = [];
  closed?: { code: number; reason: string };
  private waiters: (() => void)[] = [];

  constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      this.frames.push(data.toString());
      for (const w of this.waiters.splice(0)) w();
    });
    ws.on("close", (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      for (const w of this.waiters.splice(0)) w();
    });
  }

  static async open(url: string) {
    const ws = new WebSocket(url);
    await new Promise((resolve, reject) => {
      ws.once("open", resolve);
      ws.once("error", reject);
    });
    return new RawClient(ws);
  }

  send(...commands: unknown[]) {
    this.ws.send(commands.map((c) => (typeof c === "string" ? c : JSON.stringify(c))).join("\n"));
  }

  /** Every message received so far, frames split by newline. */
  messages(): Record<string, unknown>[] {
    return this.frames.flatMap((f) => f.split("\n")).map((l) => JSON.parse(l));
  }

  async until(predicate: () => boolean, ms = 3000) {
    const end = Date.now() + ms;
    while (!predicate()) {
      if (Date.now() > end) throw new Error("timed out waiting");
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 50);
      });
    }
  }

  reply(id: number) {
    return this.messages().find((m) => m.id === id);
  }
}

describe("realtime protocol hygiene", () => {
  let server: RealtimeServer;
  beforeAll(async () => {
    server = await startRealtimeServer({
      limits: {
        pingSeconds: 1,
        pongTimeoutMs: 300,
        maxSubscriptions: 2,
        maxCommandsPerSecond: 5,
        maxMessageBytes: 2048,
      },
    });
  });
  afterAll(() => server.close());

  async function connected(playerId?: string) {
    const c = await RawClient.open(server.url);
    c.send({ id: 1, connect: playerId ? { token: await tokenFor(playerId) } : {} });
    await c.until(() => c.reply(1) !== undefined);
    return c;
  }

  it("answers batched commands in one frame split by newlines", async () => {
    const c = await RawClient.open(server.url);
    c.send(
      { id: 1, connect: { token: await tokenFor("9") } },
      { id: 2, subscribe: { channel: playerChannel("accounts", 9) } },
    );
    await c.until(() => c.reply(2) !== undefined);
    expect(c.reply(1)).toMatchObject({ connect: { ping: 1, pong: true, expires: true } });
    expect(c.reply(2)).toEqual({ id: 2, subscribe: {} });
    c.ws.close();
  });

  it("sends the pushes of one turn as one frame, a line each, in order", async () => {
    const c = await connected("11");
    const accounts = playerChannel("accounts", 11);
    const bonuses = playerChannel("bonuses", 11);
    c.send({ id: 2, subscribe: { channel: accounts } }, { id: 3, subscribe: { channel: bonuses } });
    await c.until(() => c.reply(3) !== undefined);
    c.frames.length = 0;
    // Published together, as the odds feed publishes a second's changes.
    server.realtime.hub.publishHere(accounts, { n: 1 });
    server.realtime.hub.publishHere(bonuses, { n: 2 });
    server.realtime.hub.publishHere(accounts, { n: 3 });
    await c.until(() => c.frames.length > 0);
    expect(c.frames).toHaveLength(1);
    expect(
      c.messages().map((m) => (m as { push: { pub: { data: { n: number } } } }).push.pub.data.n),
    ).toEqual([1, 2, 3]);
    c.ws.close();
  });

  it("closes a socket that sends malformed JSON with 3501 and does not crash", async () => {
    const c = await connected();
    c.send("{not json");
    await c.until(() => c.closed !== undefined);
    expect(c.closed?.code).toBe(3501);
    const again = await connected();
    expect(again.reply(1)).toHaveProperty("connect");
    again.ws.close();
  });

  it("closes a socket that sends commands before connecting", async () => {
    const c = await RawClient.open(server.url);
    c.send({ id: 1, subscribe: { channel: "global:online" } });
    await c.until(() => c.closed !== undefined);
    expect(c.closed?.code).toBe(3501);
  });

  it("closes on an invalid token with the terminal 3500", async () => {
    const c = await RawClient.open(server.url);
    c.send({ id: 1, connect: { token: "forged.token.value" } });
    await c.until(() => c.closed !== undefined);
    expect(c.closed?.code).toBe(3500);
  });

  it("answers protocol errors with their codes", async () => {
    const c = await connected("3");
    c.send(
      { id: 2, subscribe: {} },
      { id: 3, publish: { channel: playerChannel("accounts", 3), data: { balance: "1000000" } } },
      { id: 4, rpc: { method: "getBalance" } },
    );
    await c.until(() => c.reply(4) !== undefined);
    expect(c.reply(2)).toMatchObject({ error: { code: 107 } });
    expect(c.reply(3)).toMatchObject({ error: { code: 103 } });
    expect(c.reply(4)).toMatchObject({ error: { code: 104 } });
    c.ws.close();
  });

  it("refuses a second subscription to the same channel (105) and more than the cap (106)", async () => {
    const c = await connected("4");
    c.send(
      { id: 2, subscribe: { channel: playerChannel("accounts", 4) } },
      { id: 3, subscribe: { channel: playerChannel("accounts", 4) } },
      { id: 4, subscribe: { channel: playerChannel("bonuses", 4) } },
      { id: 5, subscribe: { channel: playerChannel("quests", 4) } },
    );
    await c.until(() => c.reply(5) !== undefined);
    expect(c.reply(3)).toMatchObject({ error: { code: 105 } });
    expect(c.reply(4)).toEqual({ id: 4, subscribe: {} });
    expect(c.reply(5)).toMatchObject({ error: { code: 106 } });
    c.ws.close();
  });

  it("answers 111 past the command rate, and disconnects a flood", async () => {
    const c = await connected();
    const burst = Array.from({ length: 7 }, (_, i) => ({
      id: i + 2,
      unsubscribe: { channel: "global:online" },
    }));
    c.send(...burst);
    await c.until(() => c.reply(8) !== undefined);
    expect(c.reply(5)).toEqual({ id: 5, unsubscribe: {} });
    expect(c.reply(8)).toMatchObject({ error: { code: 111 } });
    const flood = Array.from({ length: 20 }, (_, i) => ({
      id: i + 100,
      unsubscribe: { channel: "global:online" },
    }));
    c.send(...flood);
    await c.until(() => c.closed !== undefined);
    expect(c.closed?.code).toBe(3013);
  });

  it("closes a socket whose message is over the size cap", async () => {
    const c = await connected();
    c.send({ id: 2, send: { data: "x".repeat(4096) } });
    await c.until(() => c.closed !== undefined);
    expect(c.closed).toEqual({ code: 3501, reason: "message too large" });
  });

  it("pings, and drops a client that never answers", async () => {
    const c = await connected();
    await c.until(() => c.frames.includes("{}"), 2500);
    await c.until(() => c.closed !== undefined, 4000);
    expect(c.closed?.code).toBe(3012);
  });

  it("keeps a client that answers pings", async () => {
    const c = await connected();
    c.ws.on("message", (d) => d.toString() === "{}" && c.ws.send("{}"));
    await new Promise((r) => setTimeout(r, 2600));
    expect(c.closed).toBeUndefined();
    c.ws.close();
  });

  it("drops every connection of a closed session at once", async () => {
    const c = await RawClient.open(server.url);
    c.send({ id: 1, connect: { token: await tokenFor("11", { sessionId: "sess-11" }) } });
    await c.until(() => c.reply(1) !== undefined);
    server.realtime.hub.disconnectSession("sess-11");
    await c.until(() => c.closed !== undefined);
    expect(c.closed).toEqual({ code: 3503, reason: "session closed" });
  });
});

describe("graceful shutdown", () => {
  it("tells clients to reconnect", async () => {
    const server = await startRealtimeServer();
    const c = await RawClient.open(server.url);
    c.send({ id: 1, connect: {} });
    await c.until(() => c.reply(1) !== undefined);
    await server.close();
    await c.until(() => c.closed !== undefined);
    expect(c.closed).toEqual({ code: 3001, reason: "shutdown" });
  });
});
