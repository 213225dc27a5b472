/**
 * The command behind `npm run setup` (server/setup.ts): reads the same configuration the server does, so a
 * production setup refuses what a production start would, with the same list.
 */
import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { openDatabase } from "./db/client";
import { processConfig } from "./dev-secrets";
import { ApiError } from "./http/errors";
import { setUpSite } from "./setup";

const USAGE = "usage: npm run setup -- --admin you@example.com [--password …] [--name 'Your Name']";

let args: { admin?: string; password?: string; name?: string };
try {
  args = parseArgs({
    options: { admin: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
  }).values;
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(64); // EX_USAGE
}
if (!args.admin) {
  console.error(USAGE);
  process.exit(64);
}
const config = processConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
});
try {
  // A password on the command line stays in the shell's history: ADMIN_PASSWORD from the environment also serves.
  const lines = await setUpSite(database, config, {
    admin: args.admin,
    password: args.password ?? process.env.ADMIN_PASSWORD,
    name: args.name,
  });
  for (const line of lines) console.log(line);
} catch (err) {
  if (err instanceof ZodError) {
    console.error(`${err.issues.map((i) => i.message).join("\n")}\n${USAGE}`);
    process.exitCode = 64;
  } else if (err instanceof ApiError) {
    console.error(err.message);
    process.exitCode = 1;
  } else throw err;
} finally {
  await database.close();
}
