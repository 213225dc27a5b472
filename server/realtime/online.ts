import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";

/** Adds up the people connected to every server process, for global:online. */
export interface OnlineCounter {
  /** Records this process's count and answers the total over all processes. */
  report(local: number): Promise<number>;
  close(): Promise<void>;
}

export const memoryOnline: OnlineCounter = {
  report: async (local) => local,
  close: async () => {},
};

const KEY = "rt:online";

/**
 * Each process keeps its count and the time it wrote it in one Redis hash; counts older than `staleMs` belong
 * to processes that died and are left out (and cleaned up).
 */
export class RedisOnline implements OnlineCounter {
  private readonly id = randomUUID();

  constructor(
    private redis: Redis,
    private staleMs: number,
    private now: () => number = Date.now,
  ) {}

  async report(local: number): Promise<number> {
    const now = this.now();
    await this.redis.hset(KEY, this.id, `${local}:${now}`);
    const all = await this.redis.hgetall(KEY);
    let total = 0;
    for (const [id, value] of Object.entries(all)) {
      const [count, at] = value.split(":").map(Number);
      if (now - (at ?? 0) > this.staleMs) void this.redis.hdel(KEY, id);
      else total += count ?? 0;
    }
    return total;
  }

  async close() {
    await this.redis.hdel(KEY, this.id).catch(() => undefined);
  }
}
