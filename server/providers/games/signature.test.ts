import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { NonceMemory, type NonceStore, RedisNonces, signWalletCall, verifyWalletCall } from "./signature";

const SECRET = "provider-secret";
const NOW = new Date("2026-11-23T10:00:00Z");

/** Two stores standing for two server processes; a memory store shares nothing, Redis shares everything. */
function behavesAsNonceStore(
  name: string,
  make: () => { first: NonceStore; second: NonceStore; shared: boolean },
) {
  describe(name, () => {
    it("accepts a signed call once and refuses its replay as a used nonce", async () => {
      const { first } = make();
      const body = '{"transaction_uuid":"t-1"}';
      const headers = signWalletCall(SECRET, body, NOW);
      expect(await verifyWalletCall(SECRET, headers, body, NOW, first)).toEqual({ ok: true });
      expect(await verifyWalletCall(SECRET, headers, body, NOW, first)).toEqual({
        ok: false,
        reason: "Nonce already used",
      });
    });

    it("refuses a replay sent to another process only when the nonces are shared", async () => {
      const { first, second, shared } = make();
      const body = '{"transaction_uuid":"t-2"}';
      const headers = signWalletCall(SECRET, body, NOW);
      expect((await verifyWalletCall(SECRET, headers, body, NOW, first)).ok).toBe(true);
      expect((await verifyWalletCall(SECRET, headers, body, NOW, second)).ok).toBe(!shared);
    });

    it("checks the signature before remembering the nonce, so a forged call cannot burn a real one", async () => {
      const { first } = make();
      const body = '{"transaction_uuid":"t-3"}';
      const headers = signWalletCall(SECRET, body, NOW);
      const forged = { ...headers, "x-casino-signature": "00".repeat(32) };
      expect(await verifyWalletCall(SECRET, forged, body, NOW, first)).toEqual({
        ok: false,
        reason: "Bad signature",
      });
      expect((await verifyWalletCall(SECRET, headers, body, NOW, first)).ok).toBe(true);
    });
  });
}

behavesAsNonceStore("nonces in one process's memory", () => ({
  first: new NonceMemory(),
  second: new NonceMemory(),
  shared: false,
}));

const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  const redis = new Redis(redisUrl);
  afterAll(() => redis.disconnect());
  behavesAsNonceStore("nonces in Redis", () => {
    const prefix = `test:nonce:${randomBytes(4).toString("hex")}:`;
    return { first: new RedisNonces(redis, prefix), second: new RedisNonces(redis, prefix), shared: true };
  });
}
