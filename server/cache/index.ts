import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";

/**
 * Read-mostly data (settings, the game lobby) served from this process's memory. Entries live in named scopes;
 * whoever changes a scope's data calls `invalidate(scope)`, which empties it here and, when Redis is configured,
 * in every other server process (pub/sub on one channel). The time limit of a scope is only a backstop: for
 * changes nobody announces (an operator editing rows by hand) and for announcements lost while a process was
 * cut off from Redis (pub/sub delivers at most once; a process that reconnects empties everything instead).
 *
 * Concurrent asks for one key share one load, so a burst after an invalidation runs the query once; a failed
 * load is not kept. An entry is stored the moment its load starts, so an invalidation arriving while it runs
 * drops it: data read before a change is never kept after the change is announced.
 */
export interface Cache {
  /** The value under `key` in `scope`, loaded by `load` when missing or older than the scope's time limit. */
  get<T>(scope: CacheScope, key: string, load: () => Promise<T>): Promise<T>;
  /**
   * Forgets the scope's entries here and in every process sharing the Redis; call it after the change. The
   * scope's listeners here have run (and settled) when it resolves.
   */
  invalidate(scope: string): Promise<void>;
  /**
   * Runs `listener` whenever the scope is invalidated: here, by another process (through Redis), or when this
   * process reconnects to Redis and may have missed announcements. For state kept outside the cache's entries
   * (the sportsbook's trading book) that must be re-read on the same announcement. Answers the unsubscribe.
   */
  onInvalidate(scope: string, listener: () => Promise<void> | void): () => void;
  /** Resolves once cross-process invalidations are being received (at once without Redis). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** A named part of the cache, owned by the module whose data it holds; invalidated as a whole. */
export interface CacheScope {
  name: string;
  /** How long an entry may be served without a reload; 0 keeps nothing. */
  ttlMs: number;
  /** The oldest entries go first beyond this, so odd filter combinations cannot grow a scope without bound. */
  maxEntries: number;
}

const CHANNEL = "cache:invalidate";

export function createCache(opts: {
  /** The app's shared connection; a duplicate subscribes (a subscribing connection can do nothing else). */
  redis?: Redis;
  now?: () => number;
  /** Where a failed broadcast is reported: the change is made, other processes catch up at their time limit. */
  onError?: (err: Error) => void;
}): Cache {
  const now = opts.now ?? (() => performance.now());
  const id = randomUUID();
  const scopes = new Map<string, Map<string, { until: number; value: Promise<unknown> }>>();
  const entriesOf = (scope: string) => {
    let entries = scopes.get(scope);
    if (!entries) {
      entries = new Map();
      scopes.set(scope, entries);
    }
    return entries;
  };
  const listeners = new Map<string, Set<() => Promise<void> | void>>();
  /** Runs the scope's listeners (every scope's without one); a failing listener does not stop the others. */
  const tell = async (scope?: string) => {
    const chosen = scope === undefined ? [...listeners.values()] : [listeners.get(scope) ?? new Set()];
    await Promise.all(
      chosen
        .flatMap((set) => [...set])
        .map(async (l) => {
          try {
            await l();
          } catch (err) {
            opts.onError?.(err as Error);
          }
        }),
    );
  };
  const forget = (scope: string) => {
    scopes.get(scope)?.clear();
    return tell(scope);
  };

  let sub: Redis | undefined;
  let ready: Promise<void> = Promise.resolve();
  if (opts.redis) {
    sub = opts.redis.duplicate();
    sub.on("message", (_channel: string, message: string) => {
      try {
        const m = JSON.parse(message) as { from: string; scope: string };
        if (m.from !== id) void forget(m.scope);
      } catch {
        // Not ours: nothing to forget.
      }
    });
    let subscribed = false;
    // ioredis resubscribes after a reconnect; what was announced in between is lost, so start afresh.
    sub.on("ready", () => {
      if (!subscribed) return;
      for (const entries of scopes.values()) entries.clear();
      void tell();
    });
    ready = sub.subscribe(CHANNEL).then(() => {
      subscribed = true;
    });
    // A failed subscription must not be an unhandled rejection; it shows where `ready` is awaited.
    ready.catch(() => {});
  }

  return {
    get<T>(scope: CacheScope, key: string, load: () => Promise<T>): Promise<T> {
      const entries = entriesOf(scope.name);
      const hit = entries.get(key);
      if (hit && hit.until > now()) return hit.value as Promise<T>;
      if (hit) entries.delete(key);
      if (scope.ttlMs <= 0) return load();
      const value = load();
      entries.set(key, { until: now() + scope.ttlMs, value });
      // Map keeps insertion order: the first key is the oldest.
      if (entries.size > scope.maxEntries) entries.delete(entries.keys().next().value!);
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    async invalidate(scope: string) {
      // The other processes are told first, so they re-read while this one does.
      const broadcast = opts.redis
        ?.publish(CHANNEL, JSON.stringify({ from: id, scope }))
        .catch((err) => opts.onError?.(err as Error));
      await Promise.all([forget(scope), broadcast]);
    },
    onInvalidate(scope, listener) {
      const set = listeners.get(scope) ?? new Set();
      set.add(listener);
      listeners.set(scope, set);
      return () => {
        set.delete(listener);
      };
    },
    ready,
    async close() {
      sub?.disconnect();
      scopes.clear();
      listeners.clear();
    },
  };
}
