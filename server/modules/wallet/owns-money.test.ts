import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Issue 37, "the wallet owns money": one place builds the `accounts` channel message, and the ledger's building
 * blocks are reached only from inside the wallet module (everyone else calls the wallet's face). Reads the
 * server's source, tests left out.
 */

const server = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const wallet = join(server, "modules/wallet");
const ledger = join(wallet, "ledger");

const sources = (readdirSync(server, { recursive: true }) as string[])
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.endsWith(".d.ts"))
  .map((f) => join(server, f));
/** A file's code, its comments left out (they may name what the code must not do). */
const read = (file: string) =>
  readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:])\/\/.*$/gm, "$1");
const where = (file: string) => relative(server, file);
const insideWallet = (file: string) => file.startsWith(`${wallet}/`);

/** Every module specifier a file names: `import … from`, `export … from`, `import(…)`, `require(…)`. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\bfrom\s*["']([^"']+)["']|\b(?:import|require)\s*\(\s*["']([^"']+)["']/g))
    found.push(m[1] ?? m[2]!);
  return found;
}

const resolvesTo = (file: string, spec: string, target: string) =>
  spec.startsWith(".") && resolve(dirname(file), spec).replace(/(\/index)?\.ts$/, "") === target;

describe("the wallet owns money (issue 37)", () => {
  it("builds the `accounts` message in one place only: wallet/accounts.ts announceAccount", () => {
    const builders = sources.flatMap((file) =>
      [...read(file).matchAll(/playerChannel\(\s*["'`]accounts["'`]|ACCOUNT_UPDATED\b/g)].map(() =>
        where(file),
      ),
    );
    // The import of ACCOUNT_UPDATED and the one send that names the channel and the event.
    expect(builders).toEqual([
      "modules/wallet/accounts.ts",
      "modules/wallet/accounts.ts",
      "modules/wallet/accounts.ts",
    ]);
    const text = read(join(wallet, "accounts.ts"));
    expect(text.match(/playerChannel\(\s*["'`]accounts["'`]/g)).toHaveLength(1);
  });

  it("imports the ledger only from inside the wallet module", () => {
    const outside = sources
      .filter((file) => !insideWallet(file))
      .filter((file) => specifiers(read(file)).some((spec) => resolvesTo(file, spec, ledger)))
      .map(where);
    expect(outside).toEqual([]);
  });

  it("names the ledger's posting functions only inside the wallet module", () => {
    const posting = /\b(postEntry|postOnce|postStake|postReturn|postRefund|postHouseTransfer)\b/;
    const outside = sources.filter((file) => !insideWallet(file) && posting.test(read(file))).map(where);
    expect(outside).toEqual([]);
  });
});
