import { describe, expect, it } from "vitest";
import { isTokenExpired, markerExpiry, readCookie, TOKEN_COOKIE, tokenExpiry } from "./token";

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
const jwt = (claims: Record<string, unknown>) => `${b64url({ alg: "HS256" })}.${b64url(claims)}.sig`;

describe("token expiry", () => {
  const exp = 1_900_000_000; // seconds
  const token = jwt({ sub: "1", exp });

  it("reads the exp claim in milliseconds", () => {
    expect(tokenExpiry(token)).toBe(exp * 1000);
  });

  it("counts a token as expired 10 seconds before its exp claim", () => {
    expect(isTokenExpired(token, exp * 1000 - 10_001)).toBe(false);
    expect(isTokenExpired(token, exp * 1000 - 10_000)).toBe(true);
    expect(isTokenExpired(token, exp * 1000 - 5_000)).toBe(true);
    expect(isTokenExpired(token, exp * 1000 + 1)).toBe(true);
  });

  it("never expires a token without exp, and always one it cannot read", () => {
    expect(isTokenExpired(jwt({ sub: "1" }), Date.now())).toBe(false);
    expect(isTokenExpired("not-a-token", 0)).toBe(true);
    expect(isTokenExpired("a.%%%.c", 0)).toBe(true);
  });
});

describe("the session cookies", () => {
  it("give the token's expiry from the marker, in milliseconds, and nothing for a missing or odd one", () => {
    expect(markerExpiry("a=1; access_token_expires=1900000000")).toBe(1_900_000_000_000);
    expect(markerExpiry("access_token=abc.def.ghi")).toBeUndefined();
    expect(markerExpiry("access_token_expires=soon")).toBeUndefined();
    expect(markerExpiry(undefined)).toBeUndefined();
  });

  it("is read from a cookie header among others", () => {
    expect(readCookie("a=1; access_token=abc.def.ghi; b=2", TOKEN_COOKIE)).toBe("abc.def.ghi");
    expect(readCookie("xaccess_token=1", TOKEN_COOKIE)).toBeUndefined();
    expect(readCookie("access_token=", TOKEN_COOKIE)).toBeUndefined();
    expect(readCookie(null, TOKEN_COOKIE)).toBeUndefined();
  });
});
