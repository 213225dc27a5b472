/**
 * Crash: one round for every player, its crash point taken from a published hash chain (decision 0034).
 *
 * - The chain: hashes h_0 … h_{N−1} of 64 hex characters, h_{N−1} = SHA-256(secret), h_i = SHA-256(h_{i+1}),
 *   each SHA-256 taken over the previous hash's hex text (as `commitment()` does for server seeds). h_0 is
 *   published before the first round as the chain's commitment, with a salt. Round k of the chain (k ≥ 1) plays
 *   on h_k and reveals it once over, so anyone can check SHA-256(h_k) = h_{k−1}: the operator fixed every round
 *   when it published h_0, and cannot pick the next one.
 * - The crash point (PROTOCOLS.md section 4, "limbo/crash multiplier"): HMAC_SHA256(key = h_k, message = salt),
 *   its first 52 bits make X in [0, 1), and the point is max(1, floor(99 / (1 − X)) / 100), capped at
 *   1,000,000×. P(point ≥ m) = 0.99 / m, so cashing out at any multiplier returns 99% (1% house edge).
 * - The curve: the multiplier after t ms of running is e^(t / 10,000), floored to hundredths: 1.00× at the
 *   start, 2.00× after 6.93 s, 10.00× after 23 s, 100× after 46 s. A round crashes the moment the curve reaches
 *   its point; a cash-out at a multiplier up to the point wins.
 */
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

export const CRASH_RTP = 0.99;
/** The highest crash point, in hundredths (1,000,000×), as limbo's. */
export const CRASH_MAX_CENTS = 100_000_000;
/** Auto cash-out targets a player may set: 1.01× … 1,000,000×. */
export const CRASH_MIN_TARGET_CENTS = 101;
/** The curve's time constant: multiplier(t) = e^(t / CRASH_CURVE_MS). */
export const CRASH_CURVE_MS = 10_000;

const TWO_52 = 2n ** 52n;

/** SHA-256 of a hash's hex text, hex: one step down the chain. */
export const chainStep = (hash: string): string => bytesToHex(sha256(utf8ToBytes(hash)));

export const isChainHash = (value: string) => /^[0-9a-f]{64}$/.test(value);

/** The crash point of a round's hash, in hundredths (250 = 2.50×); integer arithmetic, so it never rounds up. */
export function crashPointCents(roundHash: string, salt: string): number {
  const mac = bytesToHex(hmac(sha256, utf8ToBytes(roundHash), utf8ToBytes(salt)));
  return crashCentsOfBits(BigInt(`0x${mac.slice(0, 13)}`));
}

/** The point of X = bits / 2^52 (bits: the HMAC's first 52 bits): max(1, floor(99 / (1 − X)) / 100), capped. */
export function crashCentsOfBits(bits: bigint): number {
  const cents = (99n * TWO_52) / (TWO_52 - bits);
  return Number(cents > BigInt(CRASH_MAX_CENTS) ? BigInt(CRASH_MAX_CENTS) : cents < 100n ? 100n : cents);
}

/** The multiplier in hundredths after `ms` of running (100 at the start). */
export function crashCentsAt(ms: number): number {
  if (ms <= 0) return 100;
  return Math.min(CRASH_MAX_CENTS, Math.floor(100 * Math.exp(ms / CRASH_CURVE_MS) + 1e-9));
}

/**
 * How long after the start the curve reaches `cents` (the first whole millisecond at which it shows them): the
 * moment a round crashes at that point, or an auto cash-out at that target is due.
 */
export function crashMsTo(cents: number): number {
  if (cents <= 100) return 0;
  let ms = Math.max(0, Math.floor(CRASH_CURVE_MS * Math.log(cents / 100)) - 1);
  while (crashCentsAt(ms) < cents) ms++;
  return ms;
}

/** The chance a round's point reaches `cents` or more: floor(99 × 2^52 / cents) / 2^52 of the 2^52 values of X. */
export function crashReachChance(cents: number): number {
  if (cents <= 100) return 1;
  if (cents > CRASH_MAX_CENTS) return 0;
  // X ≥ 2^52 − 99·2^52/cents, counted exactly.
  const winning = (99n * TWO_52) / BigInt(cents);
  return Number(winning) / 2 ** 52;
}

/** What a player can check about a revealed round: its point, and that it chains to the round before. */
export interface CrashRoundCheck {
  crashPoint: number;
  /** SHA-256(hash): what the previous round's hash (or, for a chain's first round, the commitment) must be. */
  previousHash: string;
  /** Whether `previousHash` equals the one given; undefined when none was given. */
  linksToPrevious?: boolean;
}

export function verifyCrashRound(roundHash: string, salt: string, previous?: string): CrashRoundCheck {
  const hash = roundHash.trim().toLowerCase();
  const previousHash = chainStep(hash);
  const given = previous?.trim().toLowerCase();
  return {
    crashPoint: crashPointCents(hash, salt) / 100,
    previousHash,
    ...(given ? { linksToPrevious: given === previousHash } : {}),
  };
}
