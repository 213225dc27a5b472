import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./passwords";

describe("password hashing", () => {
  it("uses argon2id with OWASP's parameters and verifies only the right password", async () => {
    const h = await hashPassword("harbor-lights-7");
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(h, "harbor-lights-7")).toBe(true);
    expect(await verifyPassword(h, "harbor-lights-8")).toBe(false);
    expect(await verifyPassword("not-a-hash", "harbor-lights-7")).toBe(false);
  });

  it("salts: the same password hashes differently twice", async () => {
    expect(await hashPassword("harbor-lights-7")).not.toBe(await hashPassword("harbor-lights-7"));
  });
});
