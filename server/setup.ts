import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { migrate } from "./db/migrate";
import { seedRequired } from "./db/seed";
import { createFirstAdmin } from "./modules/staff";

/**
 * `npm run setup -- --admin you@example.com` (decision 0047): an operator's first run against the configured
 * database. Migrates it, adds what every site needs (currencies, countries, locales, the house games) and no
 * demo data, and creates the first staff member with every role. Safe to run again: it changes nothing it made.
 */
export interface SetupRequest {
  admin: string;
  /** Unset: a password is made and printed once. */
  password?: string;
  name?: string;
}

export const setupRequest = z.object({
  admin: z.string().trim().email("--admin needs the first staff member's e-mail address"),
  password: z.string().min(12, "--password must be at least 12 characters").max(128).optional(),
  name: z.string().trim().min(1).max(100).optional(),
});

/** What to tell the operator, line by line. */
export async function setUpSite(
  database: Database,
  config: Pick<Config, "publicUrl" | "SEED_DEMO">,
  request: SetupRequest,
): Promise<string[]> {
  const { admin, password, name } = setupRequest.parse(request);
  await migrate(database);
  await seedRequired(database.db);
  const made = password === undefined ? randomBytes(15).toString("base64url") : undefined;
  const outcome = await createFirstAdmin(database.db, {
    email: admin,
    password: password ?? made!,
    name: name ?? "Administrator",
  });
  const lines = [
    `Database (${database.kind}) migrated; currencies, countries, locales and the house games are in place, no demo data.`,
  ];
  if (outcome === "created") {
    lines.push(`First staff member ${admin} created with every role.`);
    if (made) lines.push(`Their password (shown this once, keep it in a password manager): ${made}`);
  } else lines.push(`${admin} is already a staff member: nothing changed (their password neither).`);
  lines.push(
    `Sign in to the back office at ${config.publicUrl}/admin once the server runs (npm start); the first sign-in`,
    "asks for a second factor: scan the code with an authenticator app and keep the recovery codes it shows.",
  );
  if (config.SEED_DEMO)
    lines.push("Note: SEED_DEMO is on, so the server itself adds the demo data when it starts.");
  return lines;
}
