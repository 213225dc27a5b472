import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { crashPointCents, verifyCrashRound } from "#common/house-games";
import { walkChain, walkChainInSlices } from "./chain";

describe("crash hash chains", () => {
  it("10,000 consecutive rounds verify: each hash chains to the one before, the first to the commitment", () => {
    const secret = "b3".repeat(32);
    const salt = "5a".repeat(32);
    const chain = walkChain(secret, 10_001);
    expect(chain.hashAt(10_000)).toBe(createHash("sha256").update(secret).digest("hex"));
    expect(chain.hashAt(0)).toBe(chain.commitment);
    // The hashes the rounds reveal, in the order they are played (the chain read backwards from its end).
    const revealed: string[] = [];
    for (let h = chain.hashAt(10_000), k = 10_000; k >= 1; k--) {
      revealed[k] = h;
      h = createHash("sha256").update(h).digest("hex");
    }
    let previous = chain.commitment;
    let reached2x = 0;
    for (let k = 1; k <= 10_000; k++) {
      const hash = revealed[k]!;
      if (k % 97 === 0) expect(chain.hashAt(k)).toBe(hash);
      const check = verifyCrashRound(hash, salt, previous);
      expect(check.linksToPrevious).toBe(true);
      expect(check.crashPoint).toBe(crashPointCents(hash, salt) / 100);
      if (check.crashPoint >= 2) reached2x++;
      previous = hash;
    }
    // About 49.5% of rounds reach 2× (0.99 / 2); 10,000 rounds land within 4 standard errors of it.
    expect(Math.abs(reached2x / 10_000 - 0.495)).toBeLessThan(4 * Math.sqrt((0.495 * 0.505) / 10_000));
  });

  it("a million hashes are walked once in seconds, and any round's hash is then at hand", () => {
    const started = Date.now();
    const chain = walkChain("c4".repeat(32), 1_000_000);
    const walked = Date.now() - started;
    // About 1 s on an idle core; generous for a busy machine.
    expect(walked).toBeLessThan(20_000);
    const t = Date.now();
    const h = chain.hashAt(123_457);
    expect(Date.now() - t).toBeLessThan(500);
    expect(createHash("sha256").update(h).digest("hex")).toBe(chain.hashAt(123_456));
    expect(() => chain.hashAt(1_000_000)).toThrow(RangeError);
  });

  it("walked in slices (as a server does, answering calls meanwhile), a chain comes out the same", async () => {
    const whole = walkChain("d5".repeat(32), 45_001);
    const sliced = await walkChainInSlices("d5".repeat(32), 45_001);
    expect(sliced.commitment).toBe(whole.commitment);
    for (const k of [1, 999, 1000, 1001, 20_000, 45_000]) expect(sliced.hashAt(k)).toBe(whole.hashAt(k));
  });
});
