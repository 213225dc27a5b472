import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
// web-push is CommonJS: Node gives ES modules its default export only.
import webPush from "web-push";
import { appEnvOf, ConfigError, loadConfig } from "./config";

const NAMES = [
  "JWT_SECRET",
  "COOKIE_SECRET",
  "PAYMENT_SANDBOX_SECRET",
  "HOUSE_GAMES_SECRET",
  "IDENTITY_SANDBOX_SECRET",
  // 64 hex characters: one master key (`k1`) for the uploads kept in DATA_DIR/files.
  "DOCUMENTS_KEYS",
] as const;

/**
 * Development secrets kept in DATA_DIR, so restarting `npm start` does not log everyone out or break the
 * links and checkouts already handed out. Only for development: production must set its own (loadConfig
 * refuses to run without them), and tests want fresh ones per run.
 */
export function devSecrets(
  dataDir: string,
): Record<(typeof NAMES)[number] | "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY", string> {
  const file = join(dataDir, "dev-secrets.json");
  let kept: Record<string, unknown> = {};
  if (existsSync(file)) {
    try {
      kept = JSON.parse(readFileSync(file, "utf8"));
    } catch {
      // A damaged file is replaced: the worst case is one more logout.
    }
  }
  const secrets = Object.fromEntries(
    NAMES.map((n) => [
      n,
      typeof kept[n] === "string" && kept[n].length >= 32 ? kept[n] : randomBytes(32).toString("hex"),
    ]),
  ) as Record<(typeof NAMES)[number], string>;
  // Web Push keys are a pair (a P-256 key): kept together, made together; browsers' subscriptions hang on them.
  const vapid =
    typeof kept.VAPID_PUBLIC_KEY === "string" && typeof kept.VAPID_PRIVATE_KEY === "string"
      ? { publicKey: kept.VAPID_PUBLIC_KEY, privateKey: kept.VAPID_PRIVATE_KEY }
      : webPush.generateVAPIDKeys();
  const all = { ...secrets, VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey };
  if ((Object.keys(all) as (keyof typeof all)[]).some((n) => all[n] !== kept[n])) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return all;
}

/**
 * The configuration of a server process or command from its environment: in development the generated
 * secrets kept in DATA_DIR, so a restart keeps everyone logged in. A bad value ends the process with the
 * variable named (EX_CONFIG).
 */
export function processConfig(): ReturnType<typeof loadConfig> {
  try {
    const development = appEnvOf(process.env) === "development";
    return loadConfig(
      development ? { ...devSecrets(process.env.DATA_DIR || ".data"), ...process.env } : process.env,
    );
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
}
