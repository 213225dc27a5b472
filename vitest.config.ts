import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "#common": fileURLToPath(new URL("./common", import.meta.url)),
};

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * Files that use the one Redis CI names (TEST_REDIS_URL, directly or through server/test/walk-app.ts): its
 * pub/sub channels and keys are shared by every process, so two such files at once would hear each other's hubs
 * and caches. They run one at a time. Found by their text, so a new one cannot be left out.
 */
const SHARED_REDIS = ["app", "server", "common", "scripts", "tests/integration"]
  .flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: "utf8" }).map((f) => join(dir, f)),
  )
  .filter(
    (f) =>
      /\.test\.tsx?$/.test(f) && /TEST_REDIS_URL|test\/walk-app/.test(readFileSync(join(root, f), "utf8")),
  )
  .sort();

const unit = {
  // Migrated and seeded databases made once, copied by every database test (server/test/harness.ts).
  globalSetup: ["server/test/global-setup.ts"],
  include: ["{app,server,common,scripts}/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Every statement the server's tests run is built by the quick builder and by Drizzle's, and compared.
  env: { SQL_BUILD_CHECK: "1" },
};

const e2e = {
  include: ["tests/e2e/**/*.test.ts", "tests/budget/**/*.test.ts"],
  // One built server for both e2e projects (the setup shares it).
  globalSetup: ["tests/e2e/global-setup.ts"],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // A journey polls what the page shows after a server write; Vitest's default of 1 s fails it on a busy box
  // (two journeys at a time on 2 cores). A poll only waits while its condition is not yet met.
  expect: { poll: { timeout: 15_000 } },
};

/**
 * Journeys that must have the server to themselves: they change what every visitor sees in a way another
 * journey's assertions meet, or assert exactly on what every visitor shares, or time what a second browser
 * would slow. They run one at a time after the others.
 */
const E2E_ALONE = [
  // Settles and resettles the scheduled matches the sportsbook, slip and layout journeys bet on.
  "tests/e2e/admin-shortfalls.test.ts",
  // Holds the main market of the live match the sportsbook's cash-out journey picks.
  "tests/e2e/admin-trading.test.ts",
  // Expects cache hits that any back-office change (catalogue, content, bonuses) would drop.
  "tests/e2e/page-cache.test.ts",
  // Counts everyone online.
  "tests/e2e/realtime.test.ts",
  // One crash round for everyone: exactly two players in it, and seconds of betting left.
  "tests/e2e/house-crash.test.ts",
  // Times and measures what moves, on pages the back-office journeys change.
  "tests/e2e/layout-shift.test.ts",
  // Times the level-up notice on screen (2.5–4.5 s).
  "tests/e2e/loyalty.test.ts",
  // Gives the reminder two seconds to show after each jump of its clock.
  "tests/e2e/reality-check.test.ts",
  // The guest home's size, whose rows and banner the back-office journeys change.
  "tests/budget/home-html.test.ts",
];
// A renamed journey would otherwise leave this list silently and run beside the others.
for (const file of E2E_ALONE)
  if (!existsSync(join(root, file))) throw new Error(`E2E_ALONE names ${file}, which does not exist`);

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          ...unit,
          exclude: [...configDefaults.exclude, ...SHARED_REDIS],
          // Vitest's default on a 2-core machine is one worker (cores − 1), and a file spends much of its time
          // waiting (timers, child processes, sockets): two at a time took the PGlite-only run 862 → 552 s.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias },
        // Run with `--project unit --project unit-redis`: after the others, one file at a time.
        test: {
          name: "unit-redis",
          ...unit,
          include: SHARED_REDIS,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias },
        // Run with `--project e2e --project e2e-alone`: two journeys at a time, then the others one at a time.
        test: {
          name: "e2e",
          ...e2e,
          exclude: [...configDefaults.exclude, ...E2E_ALONE],
          // A journey mostly waits (its server's answers, the page's timers): one at a time left the box ~40 %
          // idle. Two at a time share the one server; each has its own players, staff and data.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e-alone",
          ...e2e,
          include: E2E_ALONE,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
