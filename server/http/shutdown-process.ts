// A server process for the graceful-shutdown test (shutdown.test.ts): the app as main.ts builds it (without the
// site, which needs a build) on an in-memory database, with main's shutdown; prints its port once listening.
import type { AddressInfo } from "node:net";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { migrate } from "../db/migrate";
import { gracefulShutdown } from "./shutdown";

const config = loadConfig({ ...process.env, APP_ENV: "test", LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" });
const database = await openDatabase({ dataDir: "memory://" });
await migrate(database);
const app = await buildApp({ config, db: database.db, jobs: true });
const shutdown = gracefulShutdown(app, {
  timeoutS: config.SHUTDOWN_TIMEOUT_S,
  drainDelayS: config.SHUTDOWN_DRAIN_DELAY_S,
  after: () => database.close(),
});
process.on("SIGTERM", () => shutdown("SIGTERM"));
await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`${(app.server.address() as AddressInfo).port}\n`);
