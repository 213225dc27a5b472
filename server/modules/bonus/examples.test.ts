import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_CODES } from "./seed";

/** Every string of a dictionary, with where it is. */
function strings(value: unknown, at: string, out: [string, string][] = []): [string, string][] {
  if (typeof value === "string") out.push([at, value]);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) strings(v, `${at}.${k}`, out);
  return out;
}

describe("the site's examples", () => {
  // Issue 36: the code field's "e.g. WELCOME10" was a real code, worth 10 USD and a hold on withdrawals to
  // whoever typed the example. An example must never be something the server would redeem.
  it("name no bonus code the server redeems", () => {
    const root = join(process.cwd(), "content");
    const found: string[] = [];
    // Dictionaries (JSON) and pages (Markdown), every locale.
    for (const file of readdirSync(root, { recursive: true, encoding: "utf8" })) {
      if (!/\.(json|md)$/.test(file)) continue;
      const raw = readFileSync(join(root, file), "utf8");
      const texts = file.endsWith(".json")
        ? strings(JSON.parse(raw) as unknown, file)
        : [[file, raw] as [string, string]];
      for (const [at, text] of texts)
        for (const { code } of DEMO_CODES)
          if (new RegExp(`\\b${code}\\b`, "i").test(text)) found.push(`${at}: ${code}`);
    }
    expect(found).toEqual([]);
  });
});
