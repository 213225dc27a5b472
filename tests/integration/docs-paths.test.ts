import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every file the README and docs/ name exists (issue 37): a newcomer follows a path from the docs and finds the
 * file, not a name it had two refactors ago. Paths are the repository's own (server/…, app/…, docs/… and the
 * other top folders); globs and placeholders (`*`, `<name>`) are patterns, not files. docs/plans/ holds plans,
 * which name files still to be made.
 */
const ROOT = resolve(import.meta.dirname, "../..");

/** Written by a build or a watcher, ignored by git, so absent from a clean clone. */
const GENERATED = new Set(["public/sportsbook/sdk.js"]);

const PATH =
  /(?<![\w./-])((?:server|app|common|tests|scripts|bench|content|public|docs|\.ci)\/[\w.@+[\]$-]+(?:\/[\w.@+[\]$-]+)*)/g;

function markdown(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "plans" ? [] : markdown(path);
    return name.endsWith(".md") ? [path] : [];
  });
}

function namedPaths(text: string): string[] {
  return [...text.matchAll(PATH)]
    .filter((m) => !/^\/?[*<]/.test(text.slice((m.index ?? 0) + m[0].length)))
    .map((m) => m[1]!.replace(/[.,:;)]+$/, ""))
    .filter((p) => !p.endsWith("-"));
}

describe("paths named in the docs", () => {
  it("finds the paths a text names", () => {
    expect(namedPaths("see `server/modules/payment/processors.ts`, then app/routes/home.tsx.")).toEqual([
      "server/modules/payment/processors.ts",
      "app/routes/home.tsx",
    ]);
    expect(namedPaths("`server/modules/admin/routes-*.ts` and docs/x/<name>.md")).toEqual([]);
  });

  it("every path the README and docs/ name exists", () => {
    const docs = [join(ROOT, "README.md"), ...markdown(join(ROOT, "docs"))];
    expect(docs.length).toBeGreaterThan(20);
    const missing = docs.flatMap((doc) =>
      namedPaths(readFileSync(doc, "utf8"))
        .filter((p) => !GENERATED.has(p) && !existsSync(join(ROOT, p)))
        .map((p) => `${doc.slice(ROOT.length + 1)}: ${p}`),
    );
    expect(missing).toEqual([]);
  });
});
