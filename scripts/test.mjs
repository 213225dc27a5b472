// `npm test`: every check, in order, stopping at the first failure. Ends with one line `N passed, N failed`
// (tests counted by Vitest; a failed step that is not a test counts as one failure), which CI reads.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const reports = ".cache/test-reports";
const totals = { passed: 0, failed: 0 };

/** Runs one command with the terminal's output streaming; returns whether it succeeded. */
function run(title, command, args) {
  console.log(`\n▶ ${title}: ${[command, ...args].join(" ")}`);
  const started = Date.now();
  const r = spawnSync(command, args, { stdio: "inherit" });
  if (r.error) console.error(r.error.message);
  console.log(`${r.status === 0 ? "✔" : "✘"} ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return r.status === 0;
}

/**
 * Runs Vitest projects (`name` and those it names after it) with their JSON report beside the usual output, and
 * adds up their test counts.
 */
function vitest(name, projects = [name]) {
  const report = `${reports}/${name}.json`;
  rmSync(report, { force: true });
  const ok = run(`${name} tests`, "npx", [
    "vitest",
    "run",
    ...projects.flatMap((p) => ["--project", p]),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
  ]);
  let failed = 0;
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, "utf8"));
    totals.passed += json.numPassedTests ?? 0;
    failed = json.numFailedTests ?? 0;
    totals.failed += failed;
  }
  // A crash outside any test (a failed global setup, a file that does not load) still fails the run.
  if (!ok && failed === 0) totals.failed += 1;
  return ok;
}

function step(title, command, args) {
  const ok = run(title, command, args);
  if (!ok) totals.failed += 1;
  return ok;
}

function finish(ok) {
  console.log(ok ? "\nAll checks passed." : "\nStopped at the first failure (above).");
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
  process.exit(ok ? 0 : 1);
}

mkdirSync(reports, { recursive: true });
const steps = [
  () => step("chromium", "bash", ["scripts/ensure-chromium.sh"]),
  () => step("lint", "npx", ["biome", "check", "."]),
  () => step("route types", "npx", ["react-router", "typegen"]),
  () => step("types", "npx", ["tsc", "--noEmit"]),
  // The files sharing CI's one Redis run after the others, one at a time (vitest.config.ts).
  () => vitest("unit", ["unit", "unit-redis"]),
  // The browser tests and the bundle budget run against a fresh build of the site and the server.
  () => step("build", "npm", ["run", "build"]),
  // Journeys two at a time, then those that need the server alone (vitest.config.ts).
  () => vitest("e2e", ["e2e", "e2e-alone"]),
];
for (const s of steps) if (!s()) finish(false);
finish(true);
