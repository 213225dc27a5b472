import type { AddressInfo } from "node:net";
import { buildApp } from "./app";
import { createCache } from "./cache";
import { openDatabase } from "./db/client";
import { migrate } from "./db/migrate";
import { seedDemo, seedRequired } from "./db/seed";
import { processConfig } from "./dev-secrets";
import { sitePagePolicy } from "./http/security-headers";
import { gracefulShutdown } from "./http/shutdown";
import { registerSite } from "./http/ssr";
import { adjustableClock, systemClock } from "./lib/clock";
import { flushErrorReports, startErrorReporting } from "./lib/error-reporting";
import { sportsFeed } from "./modules/sportsbook";
import { ensureFirstAdmin } from "./modules/staff";
import { PAGE_SCOPES } from "./page-scopes";

/** Boots one server process: configuration, database, API, the site, then listens. */
async function main() {
  const config = processConfig();
  // Before anything else may fail: Sentry when SENTRY_DSN is set, else a warning (decision 0019).
  await startErrorReporting(config);
  const dev = process.argv.includes("--dev");
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
    groupCommit: config.DATABASE_GROUP_COMMIT,
  });
  await migrate(database);

  let redis: import("ioredis").Redis | undefined;
  if (config.REDIS_URL) {
    const { Redis } = await import("ioredis");
    redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
  }
  const cache = createCache({
    redis,
    onError: (err) => console.warn(`cache invalidation not broadcast: ${err.message}`),
  });
  await cache.ready;
  // What every site needs, and the demo data only where asked (off in production, decision 0047).
  await (config.SEED_DEMO ? seedDemo : seedRequired)(database.db, cache);
  const noStaff = await ensureFirstAdmin({ db: database.db, config });
  if (noStaff) console.warn(noStaff);

  // The built-in odds feed: every process computes the same schedule and prices from the seed and the clock.
  const oddsFeed = sportsFeed(config, systemClock);
  // The sports feed keeps real time either way: its matches run on their own clock (SPORTS_CLOCK_SPEED).
  const clock = config.TEST_CLOCK_CONTROL ? adjustableClock() : systemClock;
  const app = await buildApp({ config, db: database.db, redis, cache, jobs: true, oddsFeed, clock });
  await registerSite(app, {
    dev,
    redirectHosts: config.REDIRECT_HOSTS,
    buildCheckSeconds: config.BUILD_CHECK_INTERVAL_S,
    pagePolicy: sitePagePolicy(config),
    apiBaseUrl: () => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    pageCache: {
      cache,
      ttlMs: config.PAGE_CACHE_SECONDS * 1000,
      // What a guest's page shows that the back office or a module changes (decision 0059).
      invalidatedBy: PAGE_SCOPES,
    },
  });
  app.addHook("onClose", async () => {
    await oddsFeed?.stop();
  });

  // SIGTERM (orchestrators, `docker stop`) and SIGINT: drain, then close the pools (docs/operations.md).
  const shutdown = gracefulShutdown(app, {
    timeoutS: config.SHUTDOWN_TIMEOUT_S,
    drainDelayS: config.SHUTDOWN_DRAIN_DELAY_S,
    after: async () => {
      await cache.close();
      redis?.disconnect();
      await database.close();
      await flushErrorReports();
    },
  });
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  await oddsFeed?.start();
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`casino site on ${config.publicUrl} (database: ${database.kind}${redis ? ", redis" : ""})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
