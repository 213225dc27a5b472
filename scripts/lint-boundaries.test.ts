import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const biome = resolve("node_modules/.bin/biome");
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Lints `source` as the file at `path` of a tree that has only it and this project's biome.json. */
function lint(path: string, source: string) {
  const root = mkdtempSync(join(tmpdir(), "lint-boundaries-"));
  dirs.push(root);
  copyFileSync("biome.json", join(root, "biome.json"));
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), source);
  const r = spawnSync(biome, ["lint", "--vcs-enabled=false", path], { cwd: root, encoding: "utf8" });
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
}

describe("module boundaries in lint", () => {
  it("refuses a module reading another module's tables", () => {
    const r = lint(
      "server/modules/game/fixture.ts",
      'import { players } from "../player/tables";\n\nexport const p = players;\n',
    );
    expect(r.ok).toBe(false);
    expect(r.output).toMatch(/noRestrictedImports/);
    expect(r.output).toMatch(/a module's tables are its own/);
  });

  it("refuses jobs reading a module's tables", () => {
    const r = lint(
      "server/jobs/fixture.ts",
      'import { invoices } from "../modules/payment/tables";\n\nexport const i = invoices;\n',
    );
    expect(r.ok).toBe(false);
    expect(r.output).toMatch(/noRestrictedImports/);
  });

  it("lets a module use its own tables and another module's face", () => {
    const r = lint(
      "server/modules/game/fixture.ts",
      'import { listAccounts } from "../wallet";\nimport { games } from "./tables";\n\nexport const g = [games, listAccounts];\n',
    );
    expect(r.output).not.toMatch(/noRestrictedImports/);
    expect(r.ok).toBe(true);
  });

  it("refuses the site importing the server, the server importing the site, and common importing either", () => {
    const site = lint(
      "app/features/wallet/fixture.ts",
      'import { buildApp } from "../../../server/app";\n\nexport const b = buildApp;\n',
    );
    expect(site.ok).toBe(false);
    expect(site.output).toMatch(/The site never imports the server/);
    const server = lint(
      "server/modules/game/fixture.ts",
      'import { api } from "~/lib/api";\n\nexport const a = api;\n',
    );
    expect(server.ok).toBe(false);
    expect(server.output).toMatch(/The server never imports the site/);
    const shared = lint(
      "common/fixture.ts",
      'import type { Db } from "../server/db/client";\n\nexport type D = Db;\n',
    );
    expect(shared.ok).toBe(false);
    expect(shared.output).toMatch(/common\/ is imported by both sides/);
  });
});
