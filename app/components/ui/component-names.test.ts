import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 40: no component is defined twice in the site. A second `Problem` or `Line` beside the first is how
 * local copies of the kit crept back, so every capitalised function or component constant in app/**\/*.tsx
 * must have a name of its own. Route modules' framework exports (`ErrorBoundary`, `Layout`, …) are React
 * Router's names, not ours.
 */
const FRAMEWORK = new Set(["ErrorBoundary", "Layout", "HydrateFallback"]);
const app = join(import.meta.dirname, "..", "..");

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "+types" ? [] : tsxFiles(path);
    return /\.tsx$/.test(e.name) && !/\.test\.tsx$/.test(e.name) ? [path] : [];
  });
}

const DEFINITION =
  /^(?:export )?(?:default )?(?:function ([A-Z]\w*)|const ([A-Z]\w*) = (?:\(|memo|forwardRef))/gm;

describe("components have one definition each", () => {
  it("no component name is defined in two places", () => {
    const where = new Map<string, string[]>();
    for (const file of tsxFiles(app))
      for (const m of readFileSync(file, "utf8").matchAll(DEFINITION)) {
        const name = (m[1] ?? m[2])!;
        if (FRAMEWORK.has(name)) continue;
        where.set(name, [...(where.get(name) ?? []), relative(app, file)]);
      }
    const twice = Object.fromEntries([...where].filter(([, files]) => files.length > 1));
    expect(twice, "use the kit's component, or give a different thing a different name").toEqual({});
    expect(where.size).toBeGreaterThan(100);
  });
});
