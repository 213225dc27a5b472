import { EventEmitter } from "node:events";
import type { Redis } from "ioredis";

/**
 * Carries publications between server processes. The hub of every process subscribes to the channels its
 * connections want; a publication made anywhere reaches them all.
 */
export interface Broker {
  publish(channel: string, data: unknown): Promise<void>;
  /** Starts delivering a channel's publications to `onMessage`. */
  subscribe(channel: string): Promise<void>;
  unsubscribe(channel: string): Promise<void>;
  onMessage(handler: (channel: string, data: unknown) => void): void;
  close(): Promise<void>;
}

/** One process: publications go straight to the local hub. */
export class MemoryBroker implements Broker {
  private events = new EventEmitter();

  async publish(channel: string, data: unknown) {
    this.events.emit("message", channel, data);
  }
  async subscribe() {}
  async unsubscribe() {}
  onMessage(handler: (channel: string, data: unknown) => void) {
    this.events.on("message", handler);
  }
  async close() {
    this.events.removeAllListeners();
  }
}

const PREFIX = "rt:";

/**
 * Redis pub/sub: each process subscribes only to the channels its own connections hold, so a player's
 * publication wakes the one process that serves them rather than every process.
 */
export class RedisBroker implements Broker {
  private sub: Redis;
  private handlers: ((channel: string, data: unknown) => void)[] = [];

  constructor(private pub: Redis) {
    this.sub = pub.duplicate();
    this.sub.on("message", (redisChannel: string, message: string) => {
      const channel = redisChannel.slice(PREFIX.length);
      let data: unknown;
      try {
        data = JSON.parse(message);
      } catch {
        return;
      }
      for (const h of this.handlers) h(channel, data);
    });
  }

  async publish(channel: string, data: unknown) {
    await this.pub.publish(PREFIX + channel, JSON.stringify(data));
  }
  async subscribe(channel: string) {
    await this.sub.subscribe(PREFIX + channel);
  }
  async unsubscribe(channel: string) {
    await this.sub.unsubscribe(PREFIX + channel);
  }
  onMessage(handler: (channel: string, data: unknown) => void) {
    this.handlers.push(handler);
  }
  async close() {
    this.sub.disconnect();
  }
}
