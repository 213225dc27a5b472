import type { AddressInfo } from "node:net";
import { Centrifuge, type Options } from "centrifuge";
import type { FastifyInstance } from "fastify";
import WebSocket from "ws";
import { loadConfig } from "../config";
import type { Clock } from "../lib/clock";
import { signAccessToken } from "../modules/player/test-support";
import { createTestApp } from "../test/harness";
import type { HubLimits } from "./hub";
import { createRealtime, type Realtime } from "./index";

export const JWT_SECRET = "realtime-test-secret-realtime-test-secret";

export interface RealtimeServer {
  app: FastifyInstance;
  realtime: Realtime;
  url: string;
  port: number;
  close(): Promise<void>;
}

/** A real server listening on loopback, with the hub tests talk to through the official SDK. */
export async function startRealtimeServer(
  opts: { port?: number; limits?: Partial<HubLimits>; redisUrl?: string; clock?: Clock } = {},
): Promise<RealtimeServer> {
  const clock = opts.clock ?? { now: () => new Date() };
  let redis: import("ioredis").Redis | undefined;
  if (opts.redisUrl) {
    const { Redis } = await import("ioredis");
    redis = new Redis(opts.redisUrl);
  }
  // Tests and benches open their sockets from loopback, thousands at a time (bench/realtime.ts): no per-address
  // cap unless the test asks for one.
  const limits = { maxConnectionsPerIp: Number.MAX_SAFE_INTEGER, ...opts.limits };
  const realtime = createRealtime({ jwtSecret: JWT_SECRET, clock, redis, limits });
  const { app, database } = await createTestApp("pglite", {
    env: { JWT_SECRET, COOKIE_SECRET: JWT_SECRET },
    clock,
    realtime,
    seed: false,
  });
  await app.listen({ port: opts.port ?? 0, host: "127.0.0.1" });
  const port = (app.server.address() as AddressInfo).port;
  return {
    app,
    realtime,
    port,
    url: `ws://127.0.0.1:${port}/api/connection/websocket`,
    async close() {
      await app.close();
      await database.close();
      redis?.disconnect();
    },
  };
}

export function tokenFor(
  playerId: string,
  opts: { ttlSeconds?: number; now?: Date; sessionId?: string } = {},
) {
  return signAccessToken(
    JWT_SECRET,
    { playerId, sessionId: opts.sessionId ?? `s-${playerId}` },
    { now: opts.now ?? new Date(), ttlSeconds: opts.ttlSeconds ?? 3600 },
  );
}

/** The official SDK in Node (Node 20 has no global WebSocket, so `ws` stands in for the browser's). */
export function sdkClient(url: string, options: Partial<Options> = {}) {
  return new Centrifuge(url, {
    websocket: WebSocket,
    minReconnectDelay: 100,
    maxReconnectDelay: 500,
    ...options,
  });
}

export function once<T>(
  emitter: { once(event: string, fn: (ctx: T) => void): unknown },
  event: string,
  ms = 5000,
) {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no "${event}" within ${ms} ms`)), ms);
    emitter.once(event, (ctx: T) => {
      clearTimeout(t);
      resolve(ctx);
    });
  });
}

export { loadConfig };
