import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseMasterKeys } from "../../lib/master-keys";
import { encryptedStorage } from "./encrypted";
import { localStorage } from "./local";

const K1 = parseMasterKeys(`k1:${"11".repeat(32)}`);
const K2_THEN_K1 = parseMasterKeys(`k2:${"22".repeat(32)},k1:${"11".repeat(32)}`);

describe("uploads sealed with envelope encryption", () => {
  const root = mkdtempSync(join(tmpdir(), "sealed-"));
  const disk = localStorage(root);
  const passport = new TextEncoder().encode("%PDF-1.7 passport of Jane Roe, number X1234567");

  it("keeps no readable byte of the document at rest, and gives it back whole", async () => {
    const sealed = encryptedStorage(disk, K1);
    await sealed.put("documents/1/a", passport, "application/pdf");
    const atRest = readFileSync(join(root, "documents/1/a"));
    expect(atRest.includes(Buffer.from("Jane Roe"))).toBe(false);
    expect(atRest.includes(Buffer.from("%PDF"))).toBe(false);
    expect(await sealed.get("documents/1/a")).toEqual(passport);
    // Two seals of the same bytes differ (a fresh data key and nonce each time).
    await sealed.put("documents/1/b", passport, "application/pdf");
    expect(readFileSync(join(root, "documents/1/b")).equals(atRest)).toBe(false);
  });

  it("opens files sealed before a key rotation, seals new ones with the new key, refuses an unknown key", async () => {
    await encryptedStorage(disk, K1).put("documents/2/old", passport, "application/pdf");
    const rotated = encryptedStorage(disk, K2_THEN_K1);
    expect(await rotated.get("documents/2/old")).toEqual(passport);
    await rotated.put("documents/2/new", passport, "application/pdf");
    await expect(encryptedStorage(disk, K1).get("documents/2/new")).rejects.toThrow(/key "k2"/);
    await expect(
      encryptedStorage(disk, parseMasterKeys(`k1:${"33".repeat(32)}`)).get("documents/2/old"),
    ).rejects.toThrow();
  });

  it("refuses a sealed file that was changed or moved to another key", async () => {
    const sealed = encryptedStorage(disk, K1);
    await sealed.put("documents/3/a", passport, "application/pdf");
    const path = join(root, "documents/3/a");
    const bytes = readFileSync(path);
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 1]! ^= 1;
    writeFileSync(path, flipped);
    await expect(sealed.get("documents/3/a")).rejects.toThrow();
    // The same sealed bytes under another storage key do not open: the wrapped key is bound to its file.
    writeFileSync(join(root, "documents/3/a"), bytes);
    await disk.put("documents/3/b", bytes, "application/pdf");
    await expect(sealed.get("documents/3/b")).rejects.toThrow();
    expect(await sealed.get("documents/3/a")).toEqual(passport);
  });

  it("reads a file stored before encryption was switched on as it was stored", async () => {
    await disk.put("documents/4/plain", passport, "application/pdf");
    expect(await encryptedStorage(disk, K1).get("documents/4/plain")).toEqual(passport);
  });
});
