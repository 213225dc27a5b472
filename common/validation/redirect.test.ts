import { describe, expect, it } from "vitest";
import { safeRedirectTarget } from "./redirect";

const opts = { origin: "https://luckyharbor.example", allowedHosts: ["help.luckyharbor.example"] };

describe("redirect targets", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirectTarget("/questions?x=1#a", opts)).toEqual({
      href: "/questions?x=1#a",
      external: false,
    });
    expect(safeRedirectTarget("https://luckyharbor.example/ru/contact", opts)).toEqual({
      href: "/ru/contact",
      external: false,
    });
  });

  it("allows configured hosts only", () => {
    expect(safeRedirectTarget("https://help.luckyharbor.example/a", opts)).toEqual({
      href: "https://help.luckyharbor.example/a",
      external: true,
    });
    expect(safeRedirectTarget("https://evil.example/", opts).href).toBe("/");
  });

  it("sends everything else home", () => {
    for (const to of [
      undefined,
      "",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      "https://user:pw@help.luckyharbor.example/",
      "data:text/html,hi",
      "questions",
    ]) {
      expect(safeRedirectTarget(to, opts), String(to)).toEqual({ href: "/", external: false });
    }
  });
});
