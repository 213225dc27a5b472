import { and, eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { systemClock } from "../../lib/clock";
import { describeEachDb } from "../../test/harness";
import { gameBonuses } from "../bonus";
import { playerInRealGame, walletBet, walletWin } from "../game/test-support";
import type { BetLimits } from "../limits";
import { caller, manualClock } from "../player/test-support";
import { insertTestPlayer } from "../wallet/test-support";
import { multiplierOf } from "./bets";
import type { DomainFact, StoredFact } from "./kinds";
import { recordFact } from "./record";
import {
  createFactRelay,
  deliverFact,
  deliverFacts,
  type FactConsumer,
  registerConsumer,
  replayFacts,
} from "./relay";
import { domainFacts, factConsumptions } from "./tables";

const quiet = { publish: async () => undefined };
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

/** A consumer that counts what it handled in a table row it writes, so a rolled-back delivery leaves no count. */
function counting(name: string, fail: (fact: StoredFact) => boolean = () => false) {
  const handled: string[] = [];
  const consumer: FactConsumer = {
    name,
    kinds: ["bet.settled", "deposit.succeeded"],
    handle: async (_tx, fact) => {
      if (fail(fact)) throw new Error(`${name} refuses ${fact.key}`);
      handled.push(fact.key);
    },
  };
  cleanups.push(registerConsumer(consumer));
  return { consumer, handled };
}

const deposit = (playerId: bigint, key: string): DomainFact => ({
  kind: "deposit.succeeded",
  playerId: Number(playerId),
  key,
  occurredAt: new Date("2026-11-25T10:00:00Z"),
  data: { invoiceId: key, currency: "USD", amount: "10" },
});

describeEachDb(
  "domain facts",
  (ctx) => {
    const db = () => ctx().database.db;
    const player = caller(() => ctx().app);

    it("records a fact once per key, in the caller's transaction", async () => {
      const playerId = await insertTestPlayer(db());
      await db().transaction(async (tx) => {
        await recordFact(tx as never, deposit(playerId, `dep-once-${playerId}`));
        await recordFact(tx as never, deposit(playerId, `dep-once-${playerId}`));
      });
      // A rolled-back change leaves no fact behind.
      await db()
        .transaction(async (tx) => {
          await recordFact(tx as never, deposit(playerId, `dep-rolled-back-${playerId}`));
          throw new Error("undo");
        })
        .catch(() => undefined);
      const rows = await db().select().from(domainFacts).where(eq(domainFacts.playerId, playerId));
      expect(rows.map((r) => r.key)).toEqual([`dep-once-${playerId}`]);
    });

    it("hands each fact to each consumer exactly once, also when delivered twice at the same time", async () => {
      const playerId = await insertTestPlayer(db());
      const a = counting("test-a");
      const b = counting("test-b");
      for (const n of [1, 2, 3]) await recordFact(db(), deposit(playerId, `dep-${n}-${playerId}`));
      const relay = createFactRelay({ db: db(), clock: systemClock, publisher: quiet, pollMs: 3_600_000 });
      try {
        await Promise.all([relay.drain(), relay.drain()]);
        const [fact] = await db()
          .select()
          .from(domainFacts)
          .where(eq(domainFacts.key, `dep-1-${playerId}`));
        const stored = { ...(fact!.data as object), id: fact!.id } as unknown as StoredFact;
        const again = await Promise.all([
          deliverFact({ db: db(), clock: systemClock, publisher: quiet }, a.consumer, stored),
          deliverFact({ db: db(), clock: systemClock, publisher: quiet }, a.consumer, stored),
        ]);
        expect(again).toEqual([false, false]);
      } finally {
        await relay.stop();
      }
      const mine = (keys: string[]) => keys.filter((k) => k.endsWith(`-${playerId}`));
      expect(mine(a.handled)).toEqual([1, 2, 3].map((n) => `dep-${n}-${playerId}`));
      expect(mine(b.handled)).toEqual(mine(a.handled));
      const pending = await db()
        .select()
        .from(domainFacts)
        .where(and(eq(domainFacts.playerId, playerId), eq(domainFacts.pending, true)));
      expect(pending).toEqual([]);
    });

    it("retries a failing consumer later without holding up the others", async () => {
      const playerId = await insertTestPlayer(db());
      let broken = true;
      const flaky = counting("test-flaky", () => broken);
      const steady = counting("test-steady");
      const key = `dep-flaky-${playerId}`;
      await recordFact(db(), deposit(playerId, key));
      const clock = manualClock();
      const relay = createFactRelay({ db: db(), clock, publisher: quiet, pollMs: 3_600_000 });
      try {
        expect((await relay.drain()).failed).toBe(1);
        expect(steady.handled).toContain(key);
        expect(flaky.handled).not.toContain(key);
        broken = false;
        // Not yet due: the failed delivery waits for its retry.
        await relay.drain();
        expect(flaky.handled).not.toContain(key);
        clock.advance(2_000);
        await relay.drain();
        expect(flaky.handled.filter((k) => k === key)).toHaveLength(1);
        expect(steady.handled.filter((k) => k === key)).toHaveLength(1);
      } finally {
        await relay.stop();
      }
      const [row] = await db().select().from(domainFacts).where(eq(domainFacts.key, key));
      expect(row!.pending).toBe(false);
      const consumed = await db().select().from(factConsumptions).where(eq(factConsumptions.factId, row!.id));
      // The app's own consumers (quests…) took it too; these two each once.
      expect(
        consumed
          .map((c) => c.consumer)
          .filter((c) => c.startsWith("test-"))
          .sort(),
      ).toEqual(["test-flaky", "test-steady"]);
    });

    it("hands a batch of facts to a consumer in one transaction, each fact once", async () => {
      const playerId = await insertTestPlayer(db());
      const keys = Array.from({ length: 20 }, (_, n) => `dep-batch-${n}-${playerId}`);
      for (const key of keys) await recordFact(db(), deposit(playerId, key));
      const rows = await db()
        .select()
        .from(domainFacts)
        .where(eq(domainFacts.playerId, playerId))
        .orderBy(domainFacts.id);
      const facts = rows.map((r) => ({ ...r, playerId: Number(r.playerId) }) as unknown as StoredFact);
      const batches: string[][] = [];
      // Not registered: only this test hands it facts.
      const consumer: FactConsumer = {
        name: "test-batch",
        kinds: ["deposit.succeeded"],
        handle: async () => {
          throw new Error("a batch goes to handleMany");
        },
        handleMany: async (_tx, many) => {
          batches.push(many.map((f) => f.key));
        },
      };
      let transactions = 0;
      const counted = new Proxy(db(), {
        get: (target, prop) =>
          prop === "transaction"
            ? (...args: Parameters<typeof target.transaction>) => {
                transactions++;
                return target.transaction(...args);
              }
            : Reflect.get(target, prop),
      });
      const deps = { db: counted, clock: systemClock, publisher: quiet };
      expect(await deliverFacts(deps, consumer, facts)).toBe(20);
      // Before issue 38 each fact was a transaction of its own for each consumer.
      expect(transactions).toBe(1);
      expect(batches).toEqual([keys]);
      // Delivered again (a second process, a replay): nothing reaches the consumer.
      expect(await deliverFacts(deps, consumer, facts)).toBe(0);
      expect(batches).toHaveLength(1);
    });

    it("a nudge waits a moment, so the facts of the calls answered meanwhile go in one pass (issue 38)", async () => {
      const playerId = await insertTestPlayer(db());
      let passes = 0;
      // Every pass starts with a read of the pending facts; only this relay uses this proxy.
      const counted = new Proxy(db(), {
        get: (target, prop) =>
          prop === "select"
            ? (...args: Parameters<typeof target.select>) => {
                passes++;
                return target.select(...args);
              }
            : Reflect.get(target, prop),
      });
      const relay = createFactRelay({
        db: counted,
        clock: systemClock,
        publisher: quiet,
        pollMs: 3_600_000,
        gatherMs: 400,
      });
      try {
        for (const n of [1, 2, 3, 4, 5]) {
          await recordFact(db(), deposit(playerId, `dep-gather-${n}-${playerId}`));
          relay.nudge();
        }
        // Before, the first nudge started a pass at once and the ones during it another: ≥ 2 reads by now.
        expect(passes).toBe(0);
        await new Promise((r) => setTimeout(r, 700));
        // One pass: a read that finds the facts (unless the app's own relay took them first) and one that ends it.
        expect(passes).toBeGreaterThanOrEqual(1);
        expect(passes).toBeLessThanOrEqual(2);
      } finally {
        await relay.stop();
      }
    });

    it("a fact the consumer refuses holds up no other fact of its batch", async () => {
      const playerId = await insertTestPlayer(db());
      const keys = Array.from({ length: 12 }, (_, n) => `dep-refused-${n}-${playerId}`);
      const bad = keys[7]!;
      counting("test-refuses", (fact) => fact.key === bad);
      for (const key of keys) await recordFact(db(), deposit(playerId, key));
      const relay = createFactRelay({ db: db(), clock: manualClock(), publisher: quiet, pollMs: 3_600_000 });
      try {
        await relay.drain();
      } finally {
        await relay.stop();
      }
      const rows = await db().select().from(domainFacts).where(eq(domainFacts.playerId, playerId));
      const consumed = await db()
        .select()
        .from(factConsumptions)
        .where(eq(factConsumptions.consumer, "test-refuses"));
      for (const row of rows)
        expect(consumed.filter((c) => c.factId === row.id)).toHaveLength(row.key === bad ? 0 : 1);
      // The refused fact stays pending for its retry; every other is done.
      expect(rows.filter((r) => r.pending).map((r) => r.key)).toEqual([bad]);
    });

    it("replays a player's facts without handling any twice", async () => {
      const playerId = await insertTestPlayer(db());
      const a = counting("test-replay");
      for (const n of [1, 2]) await recordFact(db(), deposit(playerId, `dep-r${n}-${playerId}`));
      const deps = { db: db(), clock: systemClock, publisher: quiet };
      // At least this consumer's two (the app's own consumers of deposits count too); then nothing new.
      expect(await replayFacts(deps, Number(playerId))).toBeGreaterThanOrEqual(2);
      expect(await replayFacts(deps, Number(playerId))).toBe(0);
      expect(a.handled).toEqual([`dep-r1-${playerId}`, `dep-r2-${playerId}`]);
    });

    it("records bet.settled when a casino round closes, with the real-money part of its stake", async () => {
      const p = await playerInRealGame(player, db(), "harbor-fortune", "50");
      const deps = {
        db: db(),
        clock: systemClock,
        publisher: quiet,
        betLimits: { check: async () => ({ ok: true }) } as BetLimits,
        bonuses: gameBonuses,
      };
      const tx = `facts-${p.sessionId}`;
      const round = { token: p.sessionId, roundId: tx, currency: "USD" };
      await walletBet(deps, "house", { ...round, transactionId: tx, amount: "4" });
      await walletWin(deps, "house", {
        ...round,
        transactionId: `${tx}-w`,
        referenceTransactionId: tx,
        amount: "10",
      });
      await walletWin(deps, "house", {
        ...round,
        transactionId: `${tx}-w`,
        referenceTransactionId: tx,
        amount: "10",
      });
      const facts = await db().select().from(domainFacts).where(eq(domainFacts.playerId, p.playerId));
      expect(facts.map((f) => f.kind).sort()).toEqual([
        "bet.settled",
        "player.logged-in",
        "player.registered",
      ]);
      const settled = facts.find((f) => f.kind === "bet.settled")!;
      expect(settled.key).toBe(`bet.settled:casino:game:house:round:${tx}`);
      expect(settled.data).toMatchObject({
        source: "casino",
        gameKind: "slots",
        currency: "USD",
        stake: "4",
        realStake: "4",
        payout: "10",
        multiplier: "2.5",
        withBonus: false,
      });
    });

    it("writes bet.settled from the win's own statement as recordBetSettled writes it (a third, a win of 0)", async () => {
      const p = await playerInRealGame(player, db(), "harbor-fortune", "50");
      const deps = {
        db: db(),
        clock: systemClock,
        publisher: quiet,
        betLimits: { check: async () => ({ ok: true }) } as BetLimits,
        bonuses: gameBonuses,
      };
      const settled = async (stake: string, win: string) => {
        const tx = `third-${stake}-${win}-${p.sessionId}`;
        const round = { token: p.sessionId, roundId: tx, currency: "USD" };
        expect((await walletBet(deps, "house", { ...round, transactionId: tx, amount: stake })).status).toBe(
          "RS_OK",
        );
        const w = { ...round, transactionId: `${tx}-w`, referenceTransactionId: tx, amount: win };
        expect((await walletWin(deps, "house", w)).status).toBe("RS_OK");
        const [fact] = await db()
          .select()
          .from(domainFacts)
          .where(eq(domainFacts.key, `bet.settled:casino:game:house:round:${tx}`));
        return fact!.data;
      };
      // The multiplier to 18 decimals rounded down, as multiplierOf; amounts in normal form.
      expect(await settled("3", "1.00")).toEqual({
        source: "casino",
        gameId: expect.any(Number),
        gameKind: "slots",
        currency: "USD",
        stake: "3",
        realStake: "3",
        payout: "1",
        multiplier: multiplierOf("1", "3"),
        withBonus: false,
      });
      expect(multiplierOf("1", "3")).toBe("0.333333333333333333");
      // A lost round: its win of 0 moves nothing and still records the round as settled.
      expect(await settled("0.07", "0")).toMatchObject({
        stake: "0.07",
        realStake: "0.07",
        payout: "0",
        multiplier: "0",
        withBonus: false,
      });
    });
  },
  { env: { FACTS_POLL_MS: "60000" } },
);
