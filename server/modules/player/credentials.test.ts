import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./credentials";

describe("common passwords", () => {
  it("refuses the list's top entries whatever their case", async () => {
    for (const p of ["password", "12345678", "qwertyuiop", "Password1", "iloveyou", "sunshine"])
      expect(await isCommonPassword(p)).toBe(true);
  });

  it("lets an uncommon password through", async () => {
    expect(await isCommonPassword("harbor-lights-7")).toBe(false);
    expect(await isCommonPassword("Tq9!vZ2#mB")).toBe(false);
  });
});
