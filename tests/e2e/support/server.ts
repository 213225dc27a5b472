import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The built site and API in a child process, as `npm start` would run it, on a port of its own. */
export interface RunningServer {
  baseUrl: string;
  stop: () => Promise<void>;
  /** The server's process: a bench reads its CPU from /proc (bench/cpu.ts). */
  pid?: number;
}

/** The compiled server that `npm start` runs. */
const SERVER_MAIN = "build/server-app/main.js";
const RECONCILE = "build/server-app/reconcile.js";

/** Builds the site and the server when there is no build yet (the e2e tests and the bench need one). */
export function ensureBuild(): void {
  if (existsSync("build/server/index.js") && existsSync(SERVER_MAIN)) return;
  console.log("No build yet: running npm run build…");
  const r = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (r.status !== 0) throw new Error(`npm run build failed (exit ${r.status})`);
}

/** A port nobody listens on right now: the OS picks it, we release it, the server takes it. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the compiled server (`node build/server-app/main.js`, as `npm start` does) on 127.0.0.1 with a fresh embedded database in a temp folder,
 * and resolves once `/api/settings/currencies` answers 200 (migrations and demo seed done). `databaseUrl` and
 * `redisUrl` put it on a PostgreSQL database and a Redis instead (several processes sharing them).
 */
export async function startServer(
  opts: {
    env?: Record<string, string>;
    readyTimeoutMs?: number;
    /** Keep the server's output to itself (it is still shown when it fails to start). */
    quiet?: boolean;
    /** On stop, check that its books balance (`npm run reconcile` on its database) and fail if they do not. */
    reconcile?: boolean;
    /** PostgreSQL instead of the embedded database (DATABASE_URL); the caller owns that database. */
    databaseUrl?: string;
    /** Redis shared with other processes (REDIS_URL). */
    redisUrl?: string;
    /** Variables the server must not see at all, even those set here by default (APP_ENV). */
    without?: string[];
  } = {},
): Promise<RunningServer> {
  ensureBuild();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "casino-e2e-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    APP_ENV: "test",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    // Played as a site behind Cloudflare: tests and screenshots pick the visitor's country with cf-ipcountry.
    BEHIND_CLOUDFLARE: "true",
    // Every journey's visitors come from 127.0.0.1: per-address limits sized for one person would stop the
    // suite, not test anything (the limits themselves are tested in the API tests).
    REGISTER_RATE_LIMIT_PER_IP: "1000",
    LOGIN_RATE_LIMIT_PER_IP: "1000",
    // Every browser tab of the run (and a bench's viewers) connects its websocket from 127.0.0.1.
    REALTIME_MAX_CONNECTIONS_PER_IP: "100000",
    ...opts.env,
  };
  // A fresh embedded database every run: never a developer's PostgreSQL or Redis, only those the caller names.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.PUBLIC_URL;
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  if (opts.redisUrl) env.REDIS_URL = opts.redisUrl;
  // The sandbox checkout sends the player back to PUBLIC_URL: it must be the address the browser uses, or the
  // session cookie (set for 127.0.0.1) would not come along.
  env.PUBLIC_URL = opts.env?.PUBLIC_URL ?? baseUrl;
  for (const name of opts.without ?? []) delete env[name];

  // SERVER_NODE_ARGS: flags for the server's node, to profile a bench's server (`--cpu-prof --cpu-prof-dir=…`;
  // node refuses them in NODE_OPTIONS).
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, SERVER_MAIN], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Pass its output through, and keep the tail to explain a server that never came up.
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    if (!opts.quiet) process.stderr.write(chunk);
    tail.push(chunk.toString());
    if (tail.length > 50) tail.shift();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);

  const stop = async () => {
    await stopChild(child);
    // Every journey's money, checked once the server has let go of its database (decision 0009).
    const books = opts.reconcile
      ? spawnSync(process.execPath, [RECONCILE], { env, encoding: "utf8" })
      : undefined;
    rmSync(dataDir, { recursive: true, force: true });
    if (books && books.status !== 0)
      throw new Error(`The e2e server's books do not balance:\n${books.stdout}${books.stderr}`);
  };

  try {
    await waitUntilReady(child, `${baseUrl}/api/settings/currencies`, opts.readyTimeoutMs ?? 120_000);
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\nLast server output:\n${tail.join("")}`);
  }
  return { baseUrl, stop, pid: child.pid };
}

async function waitUntilReady(child: ChildProcess, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before answering ${url}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer ${url} within ${timeoutMs / 1000}s`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}
