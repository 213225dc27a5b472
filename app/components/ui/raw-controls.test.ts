import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A ratchet on the kit (issue 40): every plain control outside app/components/ui is the kit's Button, Input,
 * Select…, so the raw `<button`, `<input`, `<select` left there are the few truly special ones (a game's
 * cell, a file picker). The counts below are today's; a change that adds one fails here, and one that takes
 * one away lowers the number in the same commit, so it never grows back.
 */
const LIMITS = { button: 6, input: 26, select: 5 } as const;
/** The back office's share of the above (app/features/admin, app/routes/admin*), reported on its own. */
const ADMIN = { button: 6, input: 7, select: 3 } as const;

const app = join(import.meta.dirname, "..", "..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx$/.test(e.name) && !/\.test\.tsx$/.test(e.name) ? [path] : [];
  });
}

/** A file's code without its comment lines: a comment that names a `<button>` is not one. */
const code = (f: string) =>
  readFileSync(f, "utf8")
    .split("\n")
    .filter((l) => !/^\s*(\/\/|\/?\*)/.test(l))
    .join("\n");

function count(files: string[], tag: keyof typeof LIMITS) {
  const re = new RegExp(`<${tag}\\b`, "g");
  return files.reduce((n, f) => n + (code(f).match(re)?.length ?? 0), 0);
}

const all = sources(app).filter((f) => !relative(app, f).startsWith(join("components", "ui")));
const isAdmin = (f: string) => {
  const r = relative(app, f);
  return r.startsWith(join("features", "admin")) || r.startsWith(join("routes", "admin"));
};

describe("raw controls outside the kit", () => {
  for (const tag of Object.keys(LIMITS) as (keyof typeof LIMITS)[]) {
    it(`at most ${LIMITS[tag]} raw <${tag}> (${ADMIN[tag]} of them in the back office)`, () => {
      const total = count(all, tag);
      const admin = count(all.filter(isAdmin), tag);
      console.log(`raw <${tag}>: ${total} outside the kit, ${admin} in the back office`);
      expect(total, `raw <${tag}> outside app/components/ui: use the kit`).toBeLessThanOrEqual(LIMITS[tag]);
      expect(admin).toBeLessThanOrEqual(ADMIN[tag]);
    });
  }
});
