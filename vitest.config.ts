import { readdirSync, readFileSync } from "node:fs";
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
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts", "tests/budget/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
