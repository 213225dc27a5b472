import type { DisconnectedContext } from "centrifuge";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { once, type RealtimeServer, sdkClient, startRealtimeServer } from "./test-support";

/** A raw socket from `ip` (BEHIND_CLOUDFLARE=true in the tests: cf-connecting-ip is the visitor's address). */
function socketFrom(url: string, ip: string): WebSocket {
  return new WebSocket(url, { headers: { "cf-connecting-ip": ip } });
}

/** Opens a socket and sends connect; resolves with the connect reply, or the close code and reason if closed. */
function connectFrom(
  url: string,
  ip: string,
): Promise<{ socket: WebSocket; reply?: unknown; closed?: [number, string] }> {
  return new Promise((resolve, reject) => {
    const socket = socketFrom(url, ip);
    const timer = setTimeout(() => reject(new Error("no answer to connect")), 5000);
    socket.on("open", () => socket.send(JSON.stringify({ id: 1, connect: {} })));
    socket.on("message", (raw) => {
      clearTimeout(timer);
      resolve({ socket, reply: JSON.parse(raw.toString()) });
    });
    socket.on("close", (code, reason) => {
      clearTimeout(timer);
      resolve({ socket, closed: [code, reason.toString()] });
    });
    socket.on("error", () => undefined);
  });
}

const closeAll = (sockets: WebSocket[]) =>
  Promise.all(
    sockets.map(
      (s) =>
        new Promise<void>((resolve) => {
          if (s.readyState === s.CLOSED) return resolve();
          s.once("close", () => resolve());
          s.close();
        }),
    ),
  );

/**
 * Issue #35: 400 guest websockets from one address all opened. One address gets a bounded number of
 * connections; the next is closed with the Centrifuge protocol's 3504 "connection limit" (a terminal code:
 * the SDK does not reconnect), other addresses are not affected, and a closed connection frees its place.
 */
describe("websocket connections per address", () => {
  const cap = 3;
  let server: RealtimeServer;
  beforeAll(async () => {
    server = await startRealtimeServer({ limits: { maxConnectionsPerIp: cap } });
  });
  afterAll(() => server.close());

  it("closes the connection over the cap with 3504, lets another address in, and frees a place on close", async () => {
    const open: WebSocket[] = [];
    try {
      for (let i = 0; i < cap; i++) {
        const r = await connectFrom(server.url, "203.0.113.7");
        expect(r.closed, `connection ${i + 1}`).toBeUndefined();
        expect(r.reply).toMatchObject({ id: 1, connect: { client: expect.any(String) } });
        open.push(r.socket);
      }
      const over = await connectFrom(server.url, "203.0.113.7");
      expect(over.closed).toEqual([3504, "connection limit"]);

      const other = await connectFrom(server.url, "198.51.100.9");
      expect(other.reply).toMatchObject({ connect: {} });
      open.push(other.socket);

      await closeAll([open.shift()!]);
      // The server hears the close a moment after the client sends it.
      let again = await connectFrom(server.url, "203.0.113.7");
      for (let i = 0; again.closed && i < 20; i++) {
        await new Promise((r) => setTimeout(r, 50));
        again = await connectFrom(server.url, "203.0.113.7");
      }
      expect(again.reply).toMatchObject({ connect: {} });
      open.push(again.socket);
    } finally {
      await closeAll(open);
    }
  });

  it("the official SDK is told 3504 and does not reconnect", async () => {
    const open: WebSocket[] = [];
    try {
      for (let i = 0; i < cap; i++) open.push((await connectFrom(server.url, "192.0.2.44")).socket);
      class FromAddress extends WebSocket {
        constructor(url: string, protocols?: string | string[]) {
          super(url, protocols, { headers: { "cf-connecting-ip": "192.0.2.44" } });
        }
      }
      const c = sdkClient(server.url, { websocket: FromAddress });
      const disconnected = once<DisconnectedContext>(c, "disconnected");
      c.connect();
      expect(await disconnected).toMatchObject({ code: 3504, reason: "connection limit" });
      await new Promise((r) => setTimeout(r, 300));
      expect(c.state).toBe("disconnected");
    } finally {
      await closeAll(open);
    }
  });
});

describe("REALTIME_MAX_CONNECTIONS_PER_IP", () => {
  it("sets the cap of the app's own hub", async () => {
    const { createTestApp } = await import("../test/harness");
    const t = await createTestApp("pglite", { seed: false, env: { REALTIME_MAX_CONNECTIONS_PER_IP: "2" } });
    const open: WebSocket[] = [];
    try {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = t.app.server.address() as import("node:net").AddressInfo;
      const url = `ws://127.0.0.1:${port}/api/connection/websocket`;
      for (let i = 0; i < 2; i++) {
        const r = await connectFrom(url, "203.0.113.50");
        expect(r.closed).toBeUndefined();
        open.push(r.socket);
      }
      expect((await connectFrom(url, "203.0.113.50")).closed?.[0]).toBe(3504);
    } finally {
      await closeAll(open);
      await t.app.close();
      await t.database.close();
    }
  });
});
