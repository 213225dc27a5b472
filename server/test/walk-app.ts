import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { buildApp } from "../app";
import { type Config, loadConfig } from "../config";
import type { Database } from "../db/client";
import { systemClock } from "../lib/clock";
import { createFactRelay, type FactRelay } from "../modules/facts";
import { ControlledFeed, matchEvent } from "../modules/sportsbook/test-support";
import { type DbKind, openTestDatabase } from "./harness";
import { installWriteLog, type WriteLog } from "./write-log";

/**
 * The whole API in-process, as the fuzz test and the authorization matrix walk it: a seeded database with every
 * write noted (`writes`), a sportsbook fed by hand (two open events), and Redis for the shared state when
 * TEST_REDIS_URL is set and the database is PostgreSQL (the scaled-out setup).
 */
export interface WalkApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  writes: WriteLog;
  feed: ControlledFeed;
  /** Delivers the recorded domain facts now: the walk's calls never wait on (or overlap) a delivery. */
  drainFacts(): Promise<void>;
  close(): Promise<void>;
}

export async function createWalkApp(kind: DbKind): Promise<WalkApp> {
  const database = await openTestDatabase(kind);
  const writes = await installWriteLog(database.db);
  const config = loadConfig({
    APP_ENV: "test",
    LOG_LEVEL: "silent",
    BEHIND_CLOUDFLARE: "true",
    // Messenger login configured, so its calls run their checks rather than the 503 of a site without it.
    TELEGRAM_BOT_TOKEN: "123456:walk-test-bot-token",
    TELEGRAM_BOT_USERNAME: "harbor_walk_bot",
  });
  const redisUrl = kind === "postgres" ? process.env.TEST_REDIS_URL : undefined;
  const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  const feed = new ControlledFeed();
  feed.setEvent(matchEvent(1, { home: "Harbor United", away: "Bay Rovers", top: true }));
  feed.setEvent(matchEvent(2, { status: "live", startsAt: new Date(Date.now() - 600_000) }));
  // Facts are delivered only when the walk asks: a delivery started by one call's answer would write in the
  // window of the next call, which would then seem to have written although it was refused.
  const relay = createFactRelay({
    db: database.db,
    clock: systemClock,
    publisher: { publish: async () => undefined },
    pollMs: 24 * 3_600_000,
  });
  const facts: FactRelay = { nudge: () => undefined, drain: () => relay.drain(), stop: () => relay.stop() };
  const app = await buildApp({ config, db: database.db, redis, oddsFeed: feed, facts });
  await app.ready();
  return {
    app,
    database,
    config,
    writes,
    feed,
    async drainFacts() {
      await relay.drain();
    },
    async close() {
      await app.close();
      await relay.stop();
      redis?.disconnect();
      await database.close();
    },
  };
}
