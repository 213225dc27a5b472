import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "./imports";

/**
 * The face rule in biome.json catches each form of reaching into another module (issue 37). The repository's
 * own biome.json lints a small tree of fixtures: module `alpha` imports module `beta` every way there is, one
 * import a line, and the test names the lines biome must flag and the ones it must let through. The
 * boundaries test (boundaries.test.ts) covers what a text pattern cannot see, such as `./../beta/profile`.
 */
const BETA = {
  "server/modules/beta/index.ts": "export const b = 1;",
  "server/modules/beta/tables.ts": "export const t = 1;",
  "server/modules/beta/profile.ts": "export const p = 1;",
  "server/modules/beta/deep/inner.ts": "export const d = 1;",
  "server/modules/alpha/tables.ts": "export const t = 1;",
  "server/modules/alpha/events.ts": "export const e = 1;",
  "server/db/schema.ts": "export const s = 1;",
  "server/db/client.ts": "export const c = 1;",
};

/** Each line of a fixture: [the import, whether the rule must flag it]. */
const ROOT_FILE: [string, boolean][] = [
  [`import { b } from "../beta";`, false],
  [`import { t } from "./tables";`, false],
  [`import { e } from "./events";`, false],
  [`import { c } from "../../db/client";`, false],
  [`import { t } from "../beta/tables";`, true],
  [`import { t } from "../beta/tables.ts";`, true],
  [`import { p } from "../beta/profile";`, true],
  [`import { b } from "../beta/index.ts";`, true],
  [`import { d } from "../beta/deep/inner";`, true],
  [`import { s } from "../../db/schema";`, true],
  [`import { s } from "../../db/schema.ts";`, true],
  [`import { t } from "../../modules/beta/tables";`, true],
  [`import type { p } from "../beta/profile";`, true],
  [`export { p } from "../beta/profile";`, true],
  [`export const later = () => import("../beta/profile");`, true],
  [`import { x } from "~/lib/api";`, true],
];

const SUB_FILE: [string, boolean][] = [
  [`import { b } from "../../beta";`, false],
  [`import { e } from "../events";`, false],
  [`import { c } from "../../../db/client";`, false],
  [`import { p } from "../../beta/profile";`, true],
  [`import { t } from "../../beta/tables";`, true],
  [`import { t } from "../../../modules/beta/tables";`, true],
];

/** A server file outside the modules (jobs, app.ts, providers): faces only as well. */
const OUTSIDE_FILE: [string, boolean][] = [
  [`import { b } from "../modules/beta";`, false],
  [`import { c } from "../db/client";`, false],
  [`import { p } from "../modules/beta/profile";`, true],
  [`import { t } from "../modules/beta/tables";`, true],
];

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "lint-rule-"));
  copyFileSync(join(ROOT, "biome.json"), join(dir, "biome.json"));
  // biome.json reads .gitignore through git.
  execFileSync("git", ["init", "-q"], { cwd: dir });
  const files: Record<string, string> = {
    ...BETA,
    "server/modules/alpha/face-user.ts": ROOT_FILE.map(([line]) => line).join("\n"),
    "server/modules/alpha/sub/face-user.ts": SUB_FILE.map(([line]) => line).join("\n"),
    "server/jobs/face-user.ts": OUTSIDE_FILE.map(([line]) => line).join("\n"),
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), `${text}\n`);
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The lines of `file` that noRestrictedImports flags. */
function flaggedLines(file: string): number[] {
  const r = spawnSync(
    join(ROOT, "node_modules/.bin/biome"),
    ["lint", "--only=style/noRestrictedImports", "--reporter=json", "--max-diagnostics=1000", file],
    { cwd: dir, encoding: "utf8" },
  );
  const report = JSON.parse(r.stdout) as {
    diagnostics: { category: string; location: { path: string; start?: { line: number } } }[];
  };
  return report.diagnostics
    .filter((d) => d.category === "lint/style/noRestrictedImports")
    .map((d) => d.location.start!.line)
    .sort((a, b) => a - b);
}

const expected = (lines: [string, boolean][]) => lines.flatMap(([, flag], i) => (flag ? [i + 1] : []));

describe("the face rule (biome.json)", () => {
  it("flags every form of reaching into another module from a module's root", () => {
    expect(flaggedLines("server/modules/alpha/face-user.ts")).toEqual(expected(ROOT_FILE));
  });

  it("flags the same from a module's subfolder", () => {
    expect(flaggedLines("server/modules/alpha/sub/face-user.ts")).toEqual(expected(SUB_FILE));
  });

  it("flags the same from a server file outside the modules", () => {
    expect(flaggedLines("server/jobs/face-user.ts")).toEqual(expected(OUTSIDE_FILE));
  });
});
