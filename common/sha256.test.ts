import { createHash, createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hmacSha256, sha256, toHex, utf8 } from "./sha256";

describe("sha256 and hmac-sha256 (the browser-side implementation)", () => {
  it("matches the published vectors", () => {
    expect(toHex(sha256(utf8("")))).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(toHex(sha256(utf8("abc")))).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    // RFC 4231 test case 2.
    expect(toHex(hmacSha256(utf8("Jefe"), utf8("what do ya want for nothing?")))).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
  });

  it("agrees with node:crypto for any key and message, across block boundaries", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.uint8Array({ maxLength: 300 }), (key, msg) => {
        expect(toHex(sha256(msg))).toBe(createHash("sha256").update(msg).digest("hex"));
        expect(toHex(hmacSha256(key, msg))).toBe(createHmac("sha256", key).update(msg).digest("hex"));
      }),
      { numRuns: 300 },
    );
  });
});
