import { describe, expect, it } from "vitest";
import { preloaderHeld } from "./preloader";

describe("preloaderHeld", () => {
  it("holds on autologin while a state value is present", () => {
    expect(preloaderHeld("/auth/autologin", "?state=abc")).toBe(true);
    expect(preloaderHeld("/ru/auth/autologin", "?state=abc")).toBe(true);
    expect(preloaderHeld("/ru/auth/autologin", "?state=")).toBe(false);
    expect(preloaderHeld("/auth/autologin", "?token=t&state=abc")).toBe(true);
    expect(preloaderHeld("/auth/autologin", "?state=")).toBe(false);
    expect(preloaderHeld("/auth/autologin", "")).toBe(false);
  });

  it("holds on the external-login callback only with both code and state", () => {
    expect(preloaderHeld("/auth/callback", "?code=1&state=2")).toBe(true);
    expect(preloaderHeld("/auth/callback/", "?code=1&state=2")).toBe(true);
    expect(preloaderHeld("/pt-br/auth/callback", "?code=1&state=2")).toBe(true);
    expect(preloaderHeld("/auth/callback", "?code=1")).toBe(false);
    expect(preloaderHeld("/auth/callback", "?state=2")).toBe(false);
  });

  it("lets every other page go, whatever its query", () => {
    expect(preloaderHeld("/", "?state=1&code=2")).toBe(false);
    expect(preloaderHeld("/ru/games", "?code=1&state=2")).toBe(false);
    expect(preloaderHeld("/ru/auth/callbacks", "?code=1&state=2")).toBe(false);
    expect(preloaderHeld("/support", "")).toBe(false);
  });
});
