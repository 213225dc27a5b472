/** A key-encryption key from configuration: its id (stored beside each file it seals) and its 32 bytes. */
export interface MasterKey {
  id: string;
  key: Buffer;
}

/**
 * Reads DOCUMENTS_KEYS: `id:hex64[,id:hex64…]`, the first the one new files are sealed with, the others kept
 * only to open files sealed before a rotation. A bare `hex64` is key `k1`.
 */
export function parseMasterKeys(value: string): MasterKey[] {
  const keys = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((part) => {
      const [id, hex] = part.includes(":") ? (part.split(":", 2) as [string, string]) : ["k1", part];
      if (!/^[A-Za-z0-9_-]{1,32}$/.test(id)) throw new Error(`a key id is letters, digits, - or _: "${id}"`);
      if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error(`key "${id}" is not 64 hexadecimal characters`);
      return { id, key: Buffer.from(hex, "hex") };
    });
  if (keys.length === 0) throw new Error("no key given");
  if (new Set(keys.map((k) => k.id)).size !== keys.length) throw new Error("two keys share an id");
  return keys;
}
