import { describe, expect, it } from "vitest";
import { decodeChange, encodeChange, reactionTo } from "./cross-tab";

describe("the changeSession marker", () => {
  it("round-trips login and logout, and differs on every write", () => {
    expect(decodeChange(encodeChange("login", 5))).toEqual({ type: "login", at: 5 });
    expect(decodeChange(encodeChange("logout", 7))).toEqual({ type: "logout", at: 7 });
    expect(encodeChange("login", 5)).not.toBe(encodeChange("login", 5));
  });

  it("ignores values it did not write", () => {
    expect(decodeChange(null)).toBeUndefined();
    expect(decodeChange("login")).toBeUndefined();
    expect(decodeChange(btoa(JSON.stringify({ type: "hack", at: 1 })))).toBeUndefined();
  });
});

describe("reacting to another tab", () => {
  it("reloads a logged-out tab on a login elsewhere", () => {
    expect(reactionTo("login", false)).toBe("reload");
  });
  it("sends a logged-in tab home on a logout elsewhere", () => {
    expect(reactionTo("logout", true)).toBe("go-home");
  });
  it("does nothing when the tab is already in that state", () => {
    expect(reactionTo("login", true)).toBe("none");
    expect(reactionTo("logout", false)).toBe("none");
    expect(reactionTo(undefined, true)).toBe("none");
  });
});
