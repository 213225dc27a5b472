import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { signAccessToken, signWithdrawalToken, verifyAccessToken, verifyToken } from "./access-token";

const SECRET = "access-token-test-secret-access-token-test";
const now = new Date("2026-11-23T10:00:00Z");
const ttl = { now, ttlSeconds: 900 };

describe("access and withdrawal tokens", () => {
  it("tells a withdrawal token from a session's, and never takes it as an access token", async () => {
    const session = await signAccessToken(SECRET, { playerId: "7", sessionId: "s-1" }, ttl);
    const withdrawal = await signWithdrawalToken(SECRET, { playerId: "7" }, ttl);
    expect(await verifyToken(SECRET, session, now)).toMatchObject({
      ok: true,
      claims: { kind: "session", playerId: "7", sessionId: "s-1" },
    });
    expect(await verifyToken(SECRET, withdrawal, now)).toMatchObject({
      ok: true,
      claims: { kind: "withdrawal", playerId: "7", grantId: expect.any(String) },
    });
    expect(await verifyAccessToken(SECRET, withdrawal, now)).toEqual({ ok: false, reason: "invalid" });
    expect((await verifyAccessToken(SECRET, session, now)).ok).toBe(true);
  });

  it("grants nothing to a token mixing a session with a scope, or to an expired one", async () => {
    const iat = Math.floor(now.getTime() / 1000);
    const mixed = await new SignJWT({ sid: "s-1", scope: "withdrawal", jti: "x" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("7")
      .setIssuedAt(iat)
      .setExpirationTime(iat + 900)
      .sign(new TextEncoder().encode(SECRET));
    expect(await verifyToken(SECRET, mixed, now)).toEqual({ ok: false, reason: "invalid" });
    const withdrawal = await signWithdrawalToken(SECRET, { playerId: "7" }, ttl);
    expect(await verifyToken(SECRET, withdrawal, new Date(now.getTime() + 901_000))).toEqual({
      ok: false,
      reason: "expired",
    });
  });
});
