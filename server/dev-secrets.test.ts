import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { devSecrets } from "./dev-secrets";

describe("development secrets", () => {
  it("are made once and kept in the data directory, readable only by their owner", () => {
    const dir = join(mkdtempSync(join(tmpdir(), "dev-secrets-")), "nested");
    const first = devSecrets(dir);
    expect(first.JWT_SECRET).toMatch(/^[0-9a-f]{64}$/);
    // Six secrets (the uploads' master key among them) and the Web Push key pair, all different.
    expect(new Set(Object.values(first)).size).toBe(8);
    expect(first.DOCUMENTS_KEYS).toMatch(/^[0-9a-f]{64}$/);
    expect(first.VAPID_PUBLIC_KEY).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(devSecrets(dir)).toEqual(first);
    expect(statSync(join(dir, "dev-secrets.json")).mode & 0o777).toBe(0o600);
  });

  it("replaces a damaged file or a short secret", () => {
    const dir = mkdtempSync(join(tmpdir(), "dev-secrets-"));
    writeFileSync(join(dir, "dev-secrets.json"), "{ not json");
    const made = devSecrets(dir);
    writeFileSync(join(dir, "dev-secrets.json"), JSON.stringify({ ...made, COOKIE_SECRET: "short" }));
    const again = devSecrets(dir);
    expect(again.JWT_SECRET).toBe(made.JWT_SECRET);
    expect(again.COOKIE_SECRET).toHaveLength(64);
    expect(JSON.parse(readFileSync(join(dir, "dev-secrets.json"), "utf8"))).toEqual(again);
  });
});
