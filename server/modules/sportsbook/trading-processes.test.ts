import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import type { Database } from "../../db/client";
import { assertBooksBalance, dbKinds, openTestDatabase } from "../../test/harness";
import { caller } from "../player/test-support";
import { staffToken } from "../staff/test-support";
import { post } from "../wallet/test-support";
import { ControlledFeed, matchEvent } from "./test-support";

const redisUrl = process.env.TEST_REDIS_URL;
const config = loadConfig({ APP_ENV: "test", LOG_LEVEL: "silent", BEHIND_CLOUDFLARE: "true" });

/**
 * A trader's hold across processes (decision 0022): two apps on one database and one Redis, as two server
 * processes behind a load balancer, each running its own copy of the feed. A hold made through one is refused by
 * placement in the other at once: the change is announced, not picked up by a periodic re-read.
 */
for (const kind of dbKinds()) {
  describe.runIf(redisUrl)(`sportsbook trading across two processes [${kind}]`, () => {
    let database: Database;
    const redis: Redis[] = [];
    let a: FastifyInstance;
    let b: FastifyInstance;
    const eventId = 7100;
    const feeds = [new ControlledFeed(), new ControlledFeed()];
    const onA = caller(() => a);
    const onB = caller(() => b);

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      for (const feed of feeds) feed.setEvent(matchEvent(eventId));
      const apps = await Promise.all(
        feeds.map((oddsFeed) => {
          const r = new Redis(redisUrl!, { maxRetriesPerRequest: 2 });
          redis.push(r);
          return buildApp({ config, db: database.db, redis: r, oddsFeed });
        }),
      );
      [a, b] = apps as [FastifyInstance, FastifyInstance];
      await Promise.all([a.ready(), b.ready()]);
    });
    afterEach(() => assertBooksBalance(database));
    afterAll(async () => {
      await Promise.all([a?.close(), b?.close()]);
      for (const r of redis) r.disconnect();
      await database.close();
    });

    it("refuses a bet in one process on a market a trader suspended through the other, and takes it once resumed", async () => {
      const trader = await staffToken(a, database.db, ["trader"]);
      // The player bets through B.
      const { accessToken } = await onB.register();
      const opened = await onB.call({
        url: "/api/wallet/accounts",
        body: { currency: "USD" },
        token: accessToken,
      });
      const accountId = BigInt(opened.body.data.id);
      await post(database.db, {
        accountId,
        amount: "100",
        kind: "adjustment",
        reference: "test:opening",
        idempotencyKey: `opening:${accountId}`,
      });
      const play = await onB.call({ url: "/api/game/games/sportsbook/play", body: {}, token: accessToken });
      const token = play.body.data.token as string;
      let seq = 0;
      const bet = () =>
        onB.call({
          url: "/api/sportsbook/bets",
          token,
          body: {
            type: "single",
            stake: "10",
            requestId: `cross-${kind}-${++seq}`,
            selections: [{ selectionId: `${eventId}:total:2.5:over`, odds: "1.90" }],
          },
        });
      const market = `/api/admin/trading/events/${eventId}/markets/total:2.5`;

      const held = await onA.call({ url: `${market}/suspend`, body: {}, token: trader.token });
      expect(held.status).toBe(200);
      // No waiting: the next call, through the other process.
      const refused = await bet();
      expect([refused.status, refused.body.code]).toEqual([409, "market_suspended"]);
      const shown = await onB.call({ method: "GET", url: `/api/sportsbook/events/${eventId}` });
      expect(shown.body.data.markets.map((m: { status: string }) => m.status)).toEqual(["open", "suspended"]);

      expect((await onA.call({ url: `${market}/resume`, body: {}, token: trader.token })).status).toBe(200);
      const taken = await bet();
      expect([taken.status, taken.body.data?.status]).toEqual([200, "open"]);

      // The other way round: the whole event held through B is refused by placement through A.
      const whole = `/api/admin/trading/events/${eventId}`;
      const traderB = await staffToken(b, database.db, ["trader"]);
      expect((await onB.call({ url: `${whole}/suspend`, body: {}, token: traderB.token })).status).toBe(200);
      const onHome = (requestId: string) =>
        onA.call({
          url: "/api/sportsbook/bets",
          token,
          body: {
            type: "single",
            stake: "10",
            requestId,
            selections: [{ selectionId: `${eventId}:1x2:home`, odds: "2.10" }],
          },
        });
      const refusedA = await onHome(`cross-${kind}-home-1`);
      expect([refusedA.status, refusedA.body.code]).toEqual([409, "market_suspended"]);
      expect((await onB.call({ url: `${whole}/resume`, body: {}, token: traderB.token })).status).toBe(200);
      expect((await onHome(`cross-${kind}-home-2`)).body.data?.status).toBe("open");
    });
  });
}
