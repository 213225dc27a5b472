import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A ratchet on thin routes (issue 40): a route file holds its loader/meta and renders one feature component,
 * so none is over 150 lines. Every route is thin since the moves of issue 40; the allow-list stays empty (a
 * file over the limit would have to be named there with its size, and the second test makes it leave once thin).
 */
const MAX_LINES = 150;
const STILL_OVER: Record<string, number> = {};

const dir = import.meta.dirname;
const routes = readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
/** Lines as an editor counts them (a last line without its newline counts too). */
const lines = (f: string) => readFileSync(join(dir, f), "utf8").replace(/\n$/, "").split("\n").length;

describe("route files are thin", () => {
  it(`no route file is over ${MAX_LINES} lines, but the allowed ones, and those no longer than today`, () => {
    const over = Object.fromEntries(
      routes.map((f) => [f, lines(f)] as const).filter(([f, n]) => n > (STILL_OVER[f] ?? MAX_LINES)),
    );
    expect(over, "move the screen into app/features/<section>/ and render it from the route").toEqual({});
  });

  it("the allow-list names only files still over the limit (take a file out once it is thin)", () => {
    const thin = Object.keys(STILL_OVER).filter((f) => !routes.includes(f) || lines(f) <= MAX_LINES);
    expect(thin, "these are thin now (or gone): remove them from STILL_OVER").toEqual([]);
  });
});
