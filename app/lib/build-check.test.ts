import { describe, expect, it } from "vitest";
import { isChunkLoadError, isNewerBuild, mayReload, pollDelayMs, RELOAD_GUARD_MS } from "./build-check";

describe("isNewerBuild", () => {
  it("is newer when the server names another build id", () => {
    expect(isNewerBuild("abc123", { id: "def456" })).toBe(true);
  });
  it("is not newer for the same id, the dev server, or a broken answer", () => {
    expect(isNewerBuild("abc123", { id: "abc123" })).toBe(false);
    expect(isNewerBuild("abc123", { id: "dev" })).toBe(false);
    expect(isNewerBuild("abc123", { id: "" })).toBe(false);
    expect(isNewerBuild("abc123", null)).toBe(false);
    expect(isNewerBuild("abc123", { version: "x" })).toBe(false);
    expect(isNewerBuild(undefined, { id: "def456" })).toBe(false);
  });
});

describe("chunk-load reload", () => {
  it("recognises failed dynamic imports of Chromium, Firefox and Safari", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Something else"))).toBe(false);
    expect(isChunkLoadError({ status: 404 })).toBe(false);
  });

  it("reloads at most once in 10 seconds", () => {
    const t = 1_700_000_000_000;
    expect(mayReload(null, t)).toBe(true);
    expect(mayReload(t, t + 1)).toBe(false);
    expect(mayReload(t, t + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(mayReload(t, t + RELOAD_GUARD_MS)).toBe(true);
    // a clock set back must not block reloads for ever
    expect(mayReload(t, t - 60_000)).toBe(true);
  });
});

describe("poll pace", () => {
  it("follows the server's checkEverySeconds, and keeps its pace on odd answers", () => {
    expect(pollDelayMs({ id: "a", checkEverySeconds: 60 }, 300_000)).toBe(60_000);
    expect(pollDelayMs({ id: "a", checkEverySeconds: 1 }, 300_000)).toBe(300_000);
    expect(pollDelayMs({ id: "a" }, 300_000)).toBe(300_000);
    expect(pollDelayMs(undefined, 300_000)).toBe(300_000);
  });
});
