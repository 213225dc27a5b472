import { type Algorithm, hash, verify } from "@node-rs/argon2";

/** OWASP's argon2id minimum: 19 MiB of memory, 2 passes, 1 lane. */
const ARGON2 = { algorithm: 2 as Algorithm /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

/** A player who signed up through Telegram or a social provider has no password: nothing matches it. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) return verifyAgainstNothing(password);
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real check when there is no account to check against, so an unknown login answers no
 * faster than a wrong password for a known one.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword("no-such-account-placeholder");
  await verifyPassword(await dummyHash, password);
  return false;
}
