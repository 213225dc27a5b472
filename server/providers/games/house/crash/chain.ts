/**
 * The crash game's hash chains (decision 0034): made once, kept as a secret in the database, and walked from
 * the end backwards. A chain of a million hashes takes about a second to walk (node's SHA-256); a process that
 * runs rounds walks it once and keeps every 1,000th hash, so any round's hash is at most 999 steps away.
 */
import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../../../db/client";
import { crashChains } from "./tables";

const sha = (text: string) => createHash("sha256").update(text).digest("hex");
const STRIDE = 1000;

export type CrashChain = typeof crashChains.$inferSelect;

/** A chain's hashes by index, from kept checkpoints: h_i for 0 ≤ i < length. */
export interface ChainWalk {
  commitment: string;
  hashAt(index: number): string;
}

/** Walks a chain from its secret: h_{length−1} = SHA-256(secret), each hash down is the SHA-256 of the one above. */
export function walkChain(secret: string, length: number): ChainWalk {
  const walk = startWalk(secret, length);
  while (!walk.step(Number.POSITIVE_INFINITY));
  return walk.result();
}

/**
 * The same walk in slices, giving the event loop back between them: a server walking a million hashes (about a
 * second) keeps answering its other calls meanwhile.
 */
export async function walkChainInSlices(secret: string, length: number): Promise<ChainWalk> {
  const walk = startWalk(secret, length);
  while (!walk.step(20_000)) await new Promise((r) => setImmediate(r));
  return walk.result();
}

function startWalk(secret: string, length: number) {
  if (!Number.isInteger(length) || length < 2) throw new RangeError("A chain has at least 2 hashes");
  const checkpoints = new Map<number, string>();
  let h = sha(secret);
  checkpoints.set(length - 1, h);
  let i = length - 2;
  return {
    /** Walks up to `count` hashes down; answers whether the walk reached h_0. */
    step(count: number): boolean {
      for (let n = 0; n < count && i >= 0; n++, i--) {
        h = sha(h);
        if (i % STRIDE === 0) checkpoints.set(i, h);
      }
      return i < 0;
    },
    result: () => chainWalk(checkpoints, length),
  };
}

function chainWalk(checkpoints: Map<number, string>, length: number): ChainWalk {
  const commitment = checkpoints.get(0)!;
  return {
    commitment,
    hashAt(index) {
      if (!Number.isInteger(index) || index < 0 || index >= length) throw new RangeError("Outside the chain");
      const above = Math.min(length - 1, Math.ceil(index / STRIDE) * STRIDE);
      let x = checkpoints.get(above)!;
      for (let i = above; i > index; i--) x = sha(x);
      return x;
    },
  };
}

/** Walks kept by commitment (a chain id alone may name different chains in different databases). */
const walks = new Map<string, ChainWalk>();

/** This process's walk of a stored chain (walked on first use). */
export async function walkOf(chain: CrashChain): Promise<ChainWalk> {
  let w = walks.get(chain.commitment);
  if (!w) {
    w = await walkChainInSlices(chain.secret, chain.length);
    if (w.commitment !== chain.commitment)
      throw new Error(`Crash chain ${chain.id} does not match its commitment`);
    walks.set(chain.commitment, w);
  }
  return w;
}

export async function activeChain(db: Db): Promise<CrashChain | undefined> {
  const [c] = await db.select().from(crashChains).where(eq(crashChains.isActive, true));
  return c;
}

/**
 * The active chain, made when there is none (or when `exhausted` names the one whose rounds ran out). Two
 * processes making one at once: the unique active index keeps the first, the other reads it.
 */
export async function ensureChain(db: Db, length: number, exhausted?: number): Promise<CrashChain> {
  if (exhausted !== undefined)
    await db.update(crashChains).set({ isActive: false }).where(eq(crashChains.id, exhausted));
  const current = await activeChain(db);
  if (current) return current;
  const secret = randomBytes(32).toString("hex");
  const w = await walkChainInSlices(secret, length);
  await db
    .insert(crashChains)
    .values({ secret, salt: randomBytes(32).toString("hex"), length, commitment: w.commitment })
    .onConflictDoNothing();
  const made = (await activeChain(db))!;
  if (made.secret === secret) walks.set(made.commitment, w);
  return made;
}
