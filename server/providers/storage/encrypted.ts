import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { MasterKey } from "../../lib/master-keys";
import type { FileStorage } from "./port";

// Layout of a sealed file: MAGIC | id length (1) | id | wrapped data key (iv 12 + tag 16 + key 32) | iv 12 |
// tag 16 | ciphertext. Everything before the ciphertext is authenticated as the content's additional data, so a
// header swapped between files does not open.
const MAGIC = Buffer.from("LHE1");
const IV = 12;
const TAG = 16;

function seal(key: Buffer, plain: Buffer, aad: Buffer) {
  const iv = randomBytes(IV);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), body };
}

function open(key: Buffer, iv: Buffer, tag: Buffer, body: Buffer, aad: Buffer) {
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]);
}

/**
 * Envelope encryption over any file storage: each file gets its own random data key (AES-256-GCM), stored wrapped
 * by the configured master key; the bytes at rest (disk or bucket) are never the document. Rotating the master
 * key needs no re-encryption of files: new files use the new key, old ones open with the old key kept in the list.
 */
export function encryptedStorage(inner: FileStorage, keys: MasterKey[]): FileStorage {
  const current = keys[0]!;
  const byId = new Map(keys.map((k) => [k.id, k.key]));
  return {
    kind: inner.kind,
    async put(key, data, contentType) {
      const dataKey = randomBytes(32);
      const id = Buffer.from(current.id);
      const head = Buffer.concat([MAGIC, Buffer.from([id.length]), id]);
      // The wrapped key is bound to the file's storage key: a wrapped key copied to another file does not open.
      const wrapped = seal(current.key, dataKey, Buffer.from(key));
      const header = Buffer.concat([head, wrapped.iv, wrapped.tag, wrapped.body]);
      const content = seal(dataKey, Buffer.from(data), header);
      await inner.put(key, Buffer.concat([header, content.iv, content.tag, content.body]), contentType);
    },
    async get(key) {
      const stored = await inner.get(key);
      if (stored === undefined) return undefined;
      const b = Buffer.from(stored);
      // A file stored before encryption was switched on is read as it is; every new one is sealed.
      if (!b.subarray(0, MAGIC.length).equals(MAGIC)) return stored;
      let at = MAGIC.length;
      const take = (n: number) => {
        const part = b.subarray(at, at + n);
        at += n;
        return part;
      };
      const idLength = take(1)[0] ?? 0;
      const id = take(idLength).toString();
      const master = byId.get(id);
      if (!master) throw new Error(`File ${key} was sealed with key "${id}", which is not configured`);
      const wIv = take(IV);
      const wTag = take(TAG);
      const wBody = take(32);
      const header = b.subarray(0, at);
      const dataKey = open(master, wIv, wTag, wBody, Buffer.from(key));
      const iv = take(IV);
      const tag = take(TAG);
      return new Uint8Array(open(dataKey, iv, tag, b.subarray(at), header));
    },
    delete: (key) => inner.delete(key),
  };
}
