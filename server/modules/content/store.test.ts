import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONTENT_TTL_MS, ContentStore, withFallback } from "./store";

function tree(files: Record<string, unknown>) {
  const root = mkdtempSync(join(tmpdir(), "content-"));
  for (const [path, value] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), JSON.stringify(value));
  }
  return root;
}

describe("content store", () => {
  it("fills missing translations from the default locale, deeply", () => {
    expect(withFallback({ a: { b: "B", c: "C" }, d: "D" }, { a: { b: "Б" } })).toEqual({
      a: { b: "Б", c: "C" },
      d: "D",
    });
  });

  it("serves a directory in a locale with default-locale fallback", async () => {
    const root = tree({
      "en/layout.json": { header: { signIn: "Sign in", signUp: "Sign up" } },
      "ru/layout.json": { header: { signIn: "Войти" } },
    });
    const store = new ContentStore(root);
    expect(await store.directory("layout", "ru")).toEqual({ header: { signIn: "Войти", signUp: "Sign up" } });
    expect(await store.directory("layout", "pt-br")).toEqual({
      header: { signIn: "Sign in", signUp: "Sign up" },
    });
    expect(await store.directory("alerts", "en")).toEqual({});
  });

  it("keeps a file for 15 minutes, then reads it again", async () => {
    const root = tree({ "en/alerts.json": { a: 1 } });
    let now = 0;
    const store = new ContentStore(root, () => now);
    expect(await store.directory("alerts", "en")).toEqual({ a: 1 });
    writeFileSync(join(root, "en/alerts.json"), JSON.stringify({ a: 2 }));
    now = CONTENT_TTL_MS - 1;
    expect(await store.directory("alerts", "en")).toEqual({ a: 1 });
    now = CONTENT_TTL_MS;
    expect(await store.directory("alerts", "en")).toEqual({ a: 2 });
  });
});
