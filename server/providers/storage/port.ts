/**
 * Where uploaded files live: a local folder by default, an S3-compatible bucket by configuration. Keys are
 * made by the server (never from a file's name); nothing here is served from a public path.
 */
export interface FileStorage {
  readonly kind: "local" | "s3";
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** The file's bytes, or undefined when no file has this key. */
  get(key: string): Promise<Uint8Array | undefined>;
  /** Removes the file; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are ours: lower-case letters, digits, `-`, `_` and `/` between parts. Anything else is a bug. */
export function checkKey(key: string): string {
  if (!/^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/.test(key)) throw new Error(`Bad storage key: ${key}`);
  return key;
}
