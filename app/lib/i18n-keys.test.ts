import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every text the site asks for by a literal key (`t("bonuses.dates.created")`) exists in the English content,
 * in some namespace: a missing one shows the raw key to the player. Keys built at run time (template strings)
 * are not checked here.
 */
const CONTENT = "content/en";

function flatten(value: unknown, prefix: string, into: Set<string>) {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, into);
  } else if (prefix) {
    into.add(prefix.replace(/_(zero|one|two|few|many|other)$/, ""));
    into.add(prefix);
  }
}

function englishKeys(): Set<string> {
  const keys = new Set<string>();
  for (const file of readdirSync(CONTENT).filter((f) => f.endsWith(".json")))
    flatten(JSON.parse(readFileSync(join(CONTENT, file), "utf8")), "", keys);
  return keys;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe("the site's texts", () => {
  it("has an English text for every literal key the site asks for", () => {
    const keys = englishKeys();
    const missing: string[] = [];
    for (const file of sourceFiles("app")) {
      const source = readFileSync(file, "utf8");
      for (const m of source.matchAll(/\bt\(\s*"([a-zA-Z0-9_-]+(?:\.[a-zA-Z0-9_-]+)+)"/g)) {
        const key = m[1]!;
        // A namespace-prefixed key (`layout:menu.x`) is not matched by the pattern above.
        if (!keys.has(key)) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
