import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Redis } from "ioredis";
import type { RealtimeEvent } from "#common/realtime";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { afterCommit, type Publisher } from "../../realtime/publisher";
import type { DomainFact, FactKind, StoredFact } from "./kinds";
import { recordedCount } from "./record";
import { domainFacts, factConsumptions } from "./tables";

/** What a consumer gets besides the fact: the time, and announcements sent once its transaction committed. */
export interface FactContext {
  now: Date;
  send: (channel: string, event: RealtimeEvent) => void;
}

export interface FactConsumer {
  /** Stable: it is the key of what this consumer already handled. */
  name: string;
  kinds: readonly FactKind[];
  /** Runs in a transaction that also marks the fact handled by this consumer: all of it happens once or not at all. */
  handle(tx: Db, fact: StoredFact, ctx: FactContext): Promise<void>;
  /**
   * Several facts (in the order they were recorded) in one such transaction, for a consumer that can share work
   * between them (rows every fact reads, one write per player); without it each goes through `handle` in turn.
   */
  handleMany?(tx: Db, facts: StoredFact[], ctx: FactContext): Promise<void>;
}

const consumers = new Map<string, FactConsumer>();

/** Adds (or replaces, by name) a consumer; answers a function that removes it. Modules call it when loaded. */
export function registerConsumer(consumer: FactConsumer): () => void {
  consumers.set(consumer.name, consumer);
  return () => {
    if (consumers.get(consumer.name) === consumer) consumers.delete(consumer.name);
  };
}

const interested = (c: FactConsumer, kind: string) => (c.kinds as readonly string[]).includes(kind);

export interface FactRelayDeps {
  db: Db;
  clock: Clock;
  publisher: Publisher;
  redis?: Redis;
  log?: { warn(obj: object, msg: string): void };
  /** How often pending facts are looked for without a nudge (another process's facts, a retry due). */
  pollMs?: number;
  /**
   * How long a nudge waits before its pass, so the facts of the calls answered meanwhile go in the same pass
   * (default 20 ms; see `nudge`).
   */
  gatherMs?: number;
}

export interface FactRelay {
  /** Delivers soon (coalesced with a delivery under way); `broadcast` also nudges the other processes. */
  nudge(opts?: { broadcast?: boolean }): void;
  /** Delivers every pending fact to its consumers now; a failed delivery is skipped until its retry is due. */
  drain(): Promise<{ delivered: number; failed: number }>;
  stop(): Promise<void>;
}

const NUDGE_CHANNEL = "facts:nudge";
const BATCH = 200;
const retryDelayMs = (attempts: number) => Math.min(60_000, 1_000 * 2 ** (attempts - 1));

const toStored = (row: typeof domainFacts.$inferSelect): StoredFact =>
  ({
    id: row.id,
    kind: row.kind,
    key: row.key,
    playerId: Number(row.playerId),
    occurredAt: row.occurredAt,
    data: row.data,
  }) as StoredFact;

/**
 * Hands one fact to one consumer, exactly once: the consumption row and the consumer's changes commit together,
 * and a fact this consumer already handled (here, in another process, or before a crash) is skipped.
 * Answers whether it was handled now.
 */
export async function deliverFact(
  deps: Pick<FactRelayDeps, "db" | "clock" | "publisher">,
  consumer: FactConsumer,
  fact: StoredFact,
): Promise<boolean> {
  return (await deliverFacts(deps, consumer, [fact])) === 1;
}

/**
 * Hands facts to one consumer in one transaction (issue 38: a fact's delivery was four statements per consumer,
 * most of a casino bet's cost): one insert marks them all handled by this consumer, and only those it had not
 * handled yet reach it. All or nothing: when the consumer fails on one, none is marked, and the relay then
 * delivers them one by one so the others are not held up. Answers how many were handled now.
 */
export async function deliverFacts(
  deps: Pick<FactRelayDeps, "db" | "clock" | "publisher">,
  consumer: FactConsumer,
  facts: StoredFact[],
): Promise<number> {
  if (facts.length === 0) return 0;
  return afterCommit(deps.publisher, (send) =>
    deps.db.transaction(async (tx) => {
      const fresh = await tx
        .insert(factConsumptions)
        .values(facts.map((f) => ({ consumer: consumer.name, factId: f.id })))
        .onConflictDoNothing()
        .returning({ factId: factConsumptions.factId });
      if (fresh.length === 0) return 0;
      const ids = new Set(fresh.map((r) => r.factId));
      const todo = facts.filter((f) => ids.has(f.id));
      const ctx = { now: deps.clock.now(), send };
      if (consumer.handleMany) await consumer.handleMany(tx, todo, ctx);
      else for (const fact of todo) await consumer.handle(tx, fact, ctx);
      return todo.length;
    }),
  );
}

const relays = new WeakMap<Db, FactRelay>();

/**
 * The relay: reads pending facts in order and hands each to every consumer of its kind. A consumer that fails
 * is retried later (1 s, 2 s, … up to a minute) without holding up the others or the facts after it; a fact is
 * no longer pending once every consumer of its kind handled it. Every process may run one: the consumption rows
 * keep each delivery single. Started with the app; nudged after responses and by other processes over Redis.
 */
export function createFactRelay(deps: FactRelayDeps): FactRelay {
  const retries = new Map<string, { attempts: number; dueAt: number }>();
  let running: Promise<{ delivered: number; failed: number }> | undefined;
  let again = false;
  let stopped = false;
  let seen = recordedCount();

  const pass = async () => {
    let delivered = 0;
    let failed = 0;
    let after = 0n;
    for (;;) {
      const rows = await deps.db
        .select()
        .from(domainFacts)
        .where(and(eq(domainFacts.pending, true), gt(domainFacts.id, after)))
        .orderBy(asc(domainFacts.id))
        .limit(BATCH);
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.id;
      const facts = rows.map(toStored);
      const held = new Set<bigint>();
      const failure = (consumer: FactConsumer, fact: StoredFact, err: unknown) => {
        const retryKey = `${consumer.name}:${fact.id}`;
        failed++;
        held.add(fact.id);
        const attempts = (retries.get(retryKey)?.attempts ?? 0) + 1;
        retries.set(retryKey, { attempts, dueAt: deps.clock.now().getTime() + retryDelayMs(attempts) });
        deps.log?.warn({ err, fact: fact.key, consumer: consumer.name }, "a fact consumer failed");
      };
      for (const consumer of consumers.values()) {
        const due: StoredFact[] = [];
        for (const fact of facts) {
          if (!interested(consumer, fact.kind)) continue;
          const retry = retries.get(`${consumer.name}:${fact.id}`);
          if (retry && retry.dueAt > deps.clock.now().getTime()) held.add(fact.id);
          else due.push(fact);
        }
        if (due.length === 0) continue;
        try {
          delivered += await deliverFacts(deps, consumer, due);
          for (const fact of due) retries.delete(`${consumer.name}:${fact.id}`);
        } catch (err) {
          // One fact the consumer cannot handle must not hold up the others: each on its own now.
          if (due.length === 1) failure(consumer, due[0]!, err);
          else
            for (const fact of due) {
              try {
                if (await deliverFact(deps, consumer, fact)) delivered++;
                retries.delete(`${consumer.name}:${fact.id}`);
              } catch (one) {
                failure(consumer, fact, one);
              }
            }
        }
      }
      const done = facts.filter((f) => !held.has(f.id)).map((f) => f.id);
      if (done.length > 0)
        await deps.db.update(domainFacts).set({ pending: false }).where(inArray(domainFacts.id, done));
    }
    return { delivered, failed };
  };

  const drain = async (): Promise<{ delivered: number; failed: number }> => {
    if (running) {
      again = true;
      await running.catch(() => undefined);
      if (running) return running;
    }
    const run = (async () => {
      let total = { delivered: 0, failed: 0 };
      do {
        again = false;
        const r = await pass();
        total = { delivered: total.delivered + r.delivered, failed: total.failed + r.failed };
      } while (again && !stopped);
      return total;
    })();
    running = run;
    try {
      return await run;
    } finally {
      running = undefined;
    }
  };

  const kick = () => {
    if (stopped) return;
    drain().catch((err) => deps.log?.warn({ err }, "fact relay pass failed"));
  };
  // A nudge comes after every answered request. Passing at once delivered about one fact per pass under load
  // (issue 38, embedded bench: ~2 passes and ~3 consumer transactions per bet + win pair, 60 % of the
  // database's time); waiting a moment lets a pass take every fact of that moment, in one transaction per
  // consumer. A fact then reaches its consumers (points, quest progress) a few milliseconds later, not slower.
  let gathering: NodeJS.Timeout | undefined;
  const soon = () => {
    if (stopped || gathering) return;
    gathering = setTimeout(() => {
      gathering = undefined;
      kick();
    }, deps.gatherMs ?? 20);
    gathering.unref();
  };

  const sub = deps.redis?.duplicate();
  if (sub) {
    sub.on("message", () => kick());
    sub.on("error", (err) => deps.log?.warn({ err }, "fact relay subscription"));
    sub.subscribe(NUDGE_CHANNEL).catch((err) => deps.log?.warn({ err }, "fact relay not subscribed"));
  }
  const timer = setInterval(kick, deps.pollMs ?? 1_000);
  timer.unref();

  const relay: FactRelay = {
    nudge: (opts) => {
      const count = recordedCount();
      const fresh = count !== seen;
      seen = count;
      if (!fresh && !opts?.broadcast) return;
      soon();
      if (fresh && deps.redis) deps.redis.publish(NUDGE_CHANNEL, "1").catch(() => undefined);
    },
    drain,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      clearTimeout(gathering);
      sub?.disconnect();
      await running?.catch(() => undefined);
      if (relays.get(deps.db) === relay) relays.delete(deps.db);
    },
  };
  relays.set(deps.db, relay);
  return relay;
}

const quiet: Publisher = { publish: async () => undefined };

/**
 * Runs the relay to completion now (tests, scripts): the app's relay for this database when one runs, else a
 * one-off one without announcements.
 */
export async function drainFacts(
  db: Db,
  deps: Partial<Pick<FactRelayDeps, "clock" | "publisher">> = {},
): Promise<{ delivered: number; failed: number }> {
  const live = relays.get(db);
  if (live) return live.drain();
  const once = createFactRelay({
    db,
    clock: deps.clock ?? { now: () => new Date() },
    publisher: deps.publisher ?? quiet,
    pollMs: 3_600_000,
  });
  try {
    return await once.drain();
  } finally {
    await once.stop();
  }
}

/**
 * Feeds a player's recorded facts again to the consumers (after a consumer's bug fix, or to prove idempotence):
 * what was handled before is skipped, so replaying changes nothing that already happened. Answers how many
 * deliveries were new.
 */
export async function replayFacts(
  deps: Pick<FactRelayDeps, "db" | "clock" | "publisher">,
  playerId: number,
  /** Only these consumers (by name); every registered one unless told. */
  only?: string[],
): Promise<number> {
  const rows = await deps.db
    .select()
    .from(domainFacts)
    .where(eq(domainFacts.playerId, BigInt(playerId)))
    .orderBy(asc(domainFacts.id));
  let fresh = 0;
  for (const row of rows) {
    const fact = toStored(row);
    for (const consumer of consumers.values())
      if (
        (!only || only.includes(consumer.name)) &&
        interested(consumer, fact.kind) &&
        (await deliverFact(deps, consumer, fact))
      )
        fresh++;
  }
  return fresh;
}

export type { DomainFact };
