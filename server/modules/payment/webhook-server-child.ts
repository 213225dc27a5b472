// Process B of the webhook SIGKILL test: a server with its jobs on the shared PostgreSQL database, as a second
// instance behind the load balancer is. Says "ready" and runs until its parent ends it. Argument: { url, secret }.
import { buildApp } from "../../app";
import { createCache } from "../../cache";
import { loadConfig } from "../../config";
import { openDatabase } from "../../db/client";

const args = JSON.parse(process.argv[2]!) as { url: string; secret: string };
const database = await openDatabase({ url: args.url, dataDir: "" });
const app = await buildApp({
  config: loadConfig({
    APP_ENV: "test",
    LOG_LEVEL: "silent",
    DATABASE_URL: args.url,
    PAYMENT_SANDBOX_SECRET: args.secret,
  }),
  db: database.db,
  cache: createCache({}),
  jobs: true,
});
await app.ready();
process.stdout.write("ready\n");
