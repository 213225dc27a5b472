/**
 * Provably fair outcomes (PROTOCOLS.md section 4), shared by the server that deals them and the browser that
 * verifies them.
 *
 * - Server seed: 32 random bytes written as 64 hex characters; the player sees `commitment(serverSeed)` (the
 *   SHA-256 of that text, hex) before playing, and the seed itself once they rotate to a new pair.
 * - Client seed: any text the player chooses. Nonce: counts bets on the current pair, from 0.
 * - Stream: HMAC_SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${round}`), round 0, 1, 2 …, 32
 *   bytes each; every 4 bytes make one float sum(b_i / 256^(i+1)) in [0, 1). Key and message are the UTF-8
 *   bytes of those texts.
 */
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

export interface SeedTriple {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** What the player is shown before play: the SHA-256 of the server seed (hex). */
export function commitment(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
}

export const isServerSeed = (value: string) => /^[0-9a-f]{64}$/.test(value);

/** The first `count` floats of a bet's stream, each a multiple of 2^-32 in [0, 1). */
export function floats(seeds: SeedTriple, count: number): number[] {
  const key = utf8ToBytes(seeds.serverSeed);
  const out: number[] = [];
  for (let round = 0; out.length < count; round++) {
    const bytes = hmac(sha256, key, utf8ToBytes(`${seeds.clientSeed}:${seeds.nonce}:${round}`));
    for (let i = 0; i < 32 && out.length < count; i += 4) {
      out.push(
        bytes[i]! / 256 + bytes[i + 1]! / 256 ** 2 + bytes[i + 2]! / 256 ** 3 + bytes[i + 3]! / 256 ** 4,
      );
    }
  }
  return out;
}

/**
 * A source of floats in [0, 1): the stream above in play, a fast generator in simulations. Each call goes on
 * where the last stopped, so a game that draws as it goes (cards dealt one by one) reads the stream in order.
 */
export type FloatSource = (count: number) => number[];

export function streamOf(seeds: SeedTriple): FloatSource {
  const key = utf8ToBytes(seeds.serverSeed);
  let round = 0;
  let buffered: number[] = [];
  return (count) => {
    while (buffered.length < count) {
      const bytes = hmac(sha256, key, utf8ToBytes(`${seeds.clientSeed}:${seeds.nonce}:${round++}`));
      for (let i = 0; i < 32; i += 4)
        buffered.push(
          bytes[i]! / 256 + bytes[i + 1]! / 256 ** 2 + bytes[i + 2]! / 256 ** 3 + bytes[i + 3]! / 256 ** 4,
        );
    }
    const out = buffered.slice(0, count);
    buffered = buffered.slice(count);
    return out;
  };
}
