import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  CRASH_MAX_CENTS,
  chainStep,
  crashCentsAt,
  crashMsTo,
  crashPointCents,
  verifyCrashRound,
} from "./crash";

const SALT = "0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c";
/** h = SHA-256("secret") and the four hashes below it, with their points, pinned. */
const VECTORS: [string, number][] = [
  ["2bb80d537b1da3e38bd30361aa855686bde0eacd7162fef6a25fe97bf527a25b", 104],
  ["3d91b58504a6cc3a159005ee7b16c7ae503ca6ac2a6a3c893837083c236b864a", 443],
  ["6912ac8a0202f3e1a39be5339126382e209d030d1ae39f9815be31edb42373ef", 131],
  ["04d2d5fee3e21d129580147d4d7013e3ea11dc04c7585976669113eb164f6c0d", 138],
  ["b8c83c5a97d8b3ed851fd38bce0a1bae39d544b0c1e398afb0a82d7bb5c21428", 190],
];

describe("crash: points from the hash chain", () => {
  it("pins a chain's points, and agrees with node's own SHA-256 and HMAC", () => {
    expect(VECTORS[0]![0]).toBe(createHash("sha256").update("secret").digest("hex"));
    for (let i = 0; i < VECTORS.length; i++) {
      const [hash, cents] = VECTORS[i]!;
      expect(crashPointCents(hash, SALT)).toBe(cents);
      // The formula by hand: 52 bits of the HMAC, max(1, floor(99 / (1 − X)) / 100).
      const x =
        Number.parseInt(createHmac("sha256", hash).update(SALT).digest("hex").slice(0, 13), 16) / 2 ** 52;
      expect(cents).toBe(Math.max(100, Math.floor(99 / (1 - x))));
      if (i > 0) expect(chainStep(VECTORS[i - 1]![0])).toBe(hash);
      expect(chainStep(hash)).toBe(createHash("sha256").update(hash).digest("hex"));
    }
  });

  it("a revealed round checks against the hash before it; any other hash fails", () => {
    // Played from the end backwards: VECTORS[1] is played before VECTORS[0], whose SHA-256 it is.
    expect(verifyCrashRound(VECTORS[0]![0], SALT, VECTORS[1]![0])).toEqual({
      crashPoint: 1.04,
      previousHash: VECTORS[1]![0],
      linksToPrevious: true,
    });
    expect(verifyCrashRound(VECTORS[0]![0], SALT, VECTORS[2]![0]).linksToPrevious).toBe(false);
    expect(verifyCrashRound(` ${VECTORS[2]![0].toUpperCase()} `, SALT)).toEqual({
      crashPoint: 1.31,
      previousHash: VECTORS[3]![0],
    });
  });

  it("the curve: 1.00× at the start, 2.00× after about 7 s, and the time to reach a point is exact", () => {
    expect(crashCentsAt(0)).toBe(100);
    expect(crashCentsAt(-5)).toBe(100);
    expect(crashMsTo(200)).toBe(6932);
    expect(crashCentsAt(6931)).toBe(199);
    expect(crashCentsAt(6932)).toBe(200);
    expect(crashMsTo(1000)).toBe(23026);
    for (const cents of [101, 150, 199, 200, 257, 1000, 12_345, 1_000_000, CRASH_MAX_CENTS]) {
      const ms = crashMsTo(cents);
      expect(crashCentsAt(ms)).toBeGreaterThanOrEqual(cents);
      expect(crashCentsAt(ms - 1)).toBeLessThan(cents);
    }
    expect(crashMsTo(100)).toBe(0);
    expect(crashCentsAt(10 ** 9)).toBe(CRASH_MAX_CENTS);
  });
});
