/**
 * A small time-bounded memo for answers that many visitors share and that may be a few seconds old (the game
 * lobby). Concurrent asks for the same key share one load, so a burst after expiry runs the query once; a
 * failed load is not kept. The oldest entries go first once `maxEntries` is reached, so odd filter
 * combinations cannot grow it without bound.
 */
export interface Memo {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

export function createMemo(opts: { ttlMs: number; maxEntries: number; now?: () => number }): Memo {
  const now = opts.now ?? (() => performance.now());
  const entries = new Map<string, { until: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.until > now()) return hit.value as Promise<T>;
      if (hit) entries.delete(key);
      if (opts.ttlMs <= 0) return load();
      const value = load();
      entries.set(key, { until: now() + opts.ttlMs, value });
      // Map keeps insertion order: the first key is the oldest.
      if (entries.size > opts.maxEntries) entries.delete(entries.keys().next().value!);
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear: () => entries.clear(),
  };
}
