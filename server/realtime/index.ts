import websocket from "@fastify/websocket";
import type { Redis } from "ioredis";
import type { ApiModule } from "../app";
import { clientIp } from "../http/client-ip";
import type { Clock } from "../lib/clock";
import { verifyConnectionToken } from "../modules/player";
import { type Broker, MemoryBroker, RedisBroker } from "./broker";
import { verifyChannelToken } from "./channel-token";
import { DEFAULT_LIMITS, Hub, type HubLimits } from "./hub";
import { memoryOnline, type OnlineCounter, RedisOnline } from "./online";
import type { Publisher } from "./publisher";

export interface Realtime extends Publisher {
  hub: Hub;
}

/**
 * Builds the hub for this process: in-process fan-out by default, Redis pub/sub when Redis is configured, so a
 * publication made by any process reaches subscribers on all of them.
 */
export function createRealtime(opts: {
  jwtSecret: string;
  clock: Clock;
  redis?: Redis;
  limits?: Partial<HubLimits>;
  /** When given, a token whose session row was closed is refused on connect and on refresh. */
  isSessionLive?: (sessionId: string) => Promise<boolean>;
}): Realtime {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const broker: Broker = opts.redis ? new RedisBroker(opts.redis) : new MemoryBroker();
  const online: OnlineCounter = opts.redis
    ? new RedisOnline(opts.redis, limits.onlineIntervalMs * 3)
    : memoryOnline;
  const hub = new Hub(
    broker,
    async (token) => {
      const r = await verifyConnectionToken(opts.jwtSecret, token, opts.clock.now());
      if (r.ok && opts.isSessionLive && !(await opts.isSessionLive(r.claims.sessionId)))
        return { ok: false, reason: "invalid" };
      return r.ok
        ? {
            ok: true,
            userId: r.claims.playerId,
            sessionId: r.claims.sessionId,
            expiresAt: r.claims.expiresAt,
          }
        : r;
    },
    online,
    limits,
    () => opts.clock.now().getTime(),
    (channel, token) => verifyChannelToken(opts.jwtSecret, channel, token),
  );
  return { hub, publish: (channel, event) => hub.publish(channel, event) };
}

/** The endpoint of spec point 7: /api/connection/websocket (registered inside the /api prefix). */
export const realtimeModule: ApiModule = async (api, { realtime }) => {
  // The hub checks text frames for valid UTF-8 itself, to close bad ones with the protocol's 3501. Its size cap
  // (64 KB) is checked by the hub too, so an oversized command gets the protocol's message-size code; ws's own
  // cap, far above it, only bounds what one frame may buffer before the hub sees it (ws would answer 1009).
  await api.register(websocket, { options: { maxPayload: 1024 * 1024, skipUTF8Validation: true } });
  // Each socket counts against its visitor's address (the CDN's or the proxy's, as for every other limit).
  api.get("/connection/websocket", { websocket: true }, (socket, req) =>
    realtime.hub.accept(socket, clientIp(req)),
  );
};
