import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { ApiError } from "../../http/errors";
import { assertBooksBalance, dbKinds, openTestDatabase } from "../../test/harness";
import { adminAudit } from "../staff/tables";
import { InsufficientFunds, postAtomically } from "../wallet";
import { ledgerEntries, walletAccounts } from "../wallet/tables";
import type { SportsbookDeps } from "./deps";
import { collectShortfall, listShortfalls, writeOffShortfall } from "./shortfalls";
import { sportSettlements, sportShortfalls } from "./tables";
import {
  ControlledFeed,
  fundedPlayer,
  homeWinOver,
  matchEvent,
  placeBet,
  resettlementShortfall,
  settleEvent,
  sportsbookTestDeps,
  testClock,
} from "./test-support";

const staff = { staffId: null, ip: "127.0.0.1" };

async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiError) return { code: err.code, status: err.status };
    throw err;
  }
  throw new Error("the call was accepted");
}

for (const kind of dbKinds()) {
  describe(`resettlement shortfalls [${kind}]`, () => {
    let database: Database;
    let feed: ControlledFeed;
    let deps: SportsbookDeps;
    let published: { channel: string; event: string; data: unknown }[];
    let nextEvent = 60_000;

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      feed = new ControlledFeed();
      ({ deps, published } = sportsbookTestDeps(database.db, feed, {
        clock: testClock(new Date("2026-11-25T12:00:00Z")),
      }));
    });
    afterEach(async () => assertBooksBalance(database));
    afterAll(() => database.close());

    const balance = async (accountId: bigint) =>
      Number(
        (await database.db.select().from(walletAccounts).where(eq(walletAccounts.id, accountId)))[0]!.balance,
      );
    const deposit = (accountId: bigint, amount: string, key: string) =>
      postAtomically(database.db, {
        accountId,
        amount,
        kind: "adjustment",
        reference: "test:deposit",
        idempotencyKey: `test:deposit:${accountId}:${key}`,
      });

    it("takes back what the player holds, never below zero, and queues the rest for the back office", async () => {
      const { accountId, betId, playerId, shortfall } = await resettlementShortfall(deps, feed, nextEvent++);
      expect(await balance(accountId)).toBe(0);
      const [settlement] = await database.db
        .select()
        .from(sportSettlements)
        .where(sql`${sportSettlements.betId} = ${BigInt(betId)} and ${sportSettlements.revision} = 2`);
      expect([Number(settlement!.reversed), Number(settlement!.shortfall)]).toEqual([5, 16]);
      expect([shortfall.status, Number(shortfall.amount), Number(shortfall.collected)]).toEqual([
        "open",
        16,
        0,
      ]);
      const page = await listShortfalls(database.db, { status: "open", page: 1, perPage: 200 });
      expect(page.data.find((s) => s.id === String(shortfall.id))).toMatchObject({
        betId,
        playerId: String(playerId),
        owed: "16",
        balance: "0",
        currency: "USD",
      });
    });

    it("collects from the balance as far as it goes, until all is collected", async () => {
      const { accountId, playerId, shortfall } = await resettlementShortfall(deps, feed, nextEvent++);
      const id = String(shortfall.id);
      // An empty balance: nothing to collect, nothing written.
      expect(await refusal(collectShortfall(deps, staff, id))).toEqual({
        code: "nothing_to_collect",
        status: 409,
      });
      await deposit(accountId, "10", "a");
      published.length = 0;
      const part = await collectShortfall(deps, staff, id);
      expect(part).toMatchObject({ status: "open", collected: "10", owed: "6", balance: "0" });
      expect(await balance(accountId)).toBe(0);
      // The player's pages hear the balance the collection left.
      expect(published.some((p) => p.channel === `wallet:accounts#${playerId}`)).toBe(true);
      await deposit(accountId, "50", "b");
      const done = await collectShortfall(deps, staff, id);
      expect(done).toMatchObject({ status: "collected", collected: "16", owed: "0", balance: "44" });
      expect(await balance(accountId)).toBe(44);
      expect(await refusal(collectShortfall(deps, staff, id))).toEqual({
        code: "shortfall_resolved",
        status: 409,
      });
      const audit = await database.db.select().from(adminAudit).where(eq(adminAudit.targetId, id));
      expect(audit.map((a) => a.action)).toEqual([
        "sportsbook.shortfall.collect",
        "sportsbook.shortfall.collect",
      ]);
    });

    it("a later correction that pays the bet again collects what the bet still owes first", async () => {
      const voided = nextEvent++;
      const owing = await resettlementShortfall(deps, feed, voided);
      // Corrected again to void: the stake (10) comes back, and all of it goes to the 16 still owed.
      feed.correct(voided, {
        "1x2": {
          [`${voided}:1x2:home`]: "void",
          [`${voided}:1x2:draw`]: "void",
          [`${voided}:1x2:away`]: "void",
        },
      });
      await settleEvent(deps, voided);
      const [part] = await database.db
        .select()
        .from(sportShortfalls)
        .where(eq(sportShortfalls.id, owing.shortfall.id));
      expect([part!.status, Number(part!.collected)]).toEqual(["open", 10]);
      expect(await balance(owing.accountId)).toBe(0);

      const won = nextEvent++;
      const { accountId, shortfall } = await resettlementShortfall(deps, feed, won);
      // Corrected back to the home win: 21 paid again, of which the 16 owed are collected; the player keeps 5,
      // what they held before the first correction.
      feed.correct(won, homeWinOver(won));
      await settleEvent(deps, won);
      const [row] = await database.db
        .select()
        .from(sportShortfalls)
        .where(eq(sportShortfalls.id, shortfall.id));
      expect([row!.status, Number(row!.collected), row!.resolvedBy]).toEqual(["collected", 16, null]);
      expect(row!.note).toMatch(/payout of revision/);
      expect(await balance(accountId)).toBe(5);
      const open = await listShortfalls(database.db, { status: "open", page: 1, perPage: 200 });
      expect(open.data.some((s) => s.id === String(shortfall.id))).toBe(false);
    });

    it("writes the rest off: no money moves, and it leaves the open queue", async () => {
      const { accountId, shortfall } = await resettlementShortfall(deps, feed, nextEvent++);
      const id = String(shortfall.id);
      await deposit(accountId, "30", "c");
      const off = await writeOffShortfall(deps, staff, id, "Goodwill: the player complained");
      expect(off).toMatchObject({
        status: "written_off",
        owed: "0",
        note: "Goodwill: the player complained",
      });
      expect(await balance(accountId)).toBe(30);
      expect(await refusal(collectShortfall(deps, staff, id))).toEqual({
        code: "shortfall_resolved",
        status: 409,
      });
      const open = await listShortfalls(database.db, { status: "open", page: 1, perPage: 200 });
      expect(open.data.some((s) => s.id === id)).toBe(false);
      const ended = await listShortfalls(database.db, { status: "written_off", page: 1, perPage: 200 });
      expect(ended.data.some((s) => s.id === id)).toBe(true);
    });
  });
}

/** Staff pressing at once, and the player spending meanwhile: PostgreSQL (TEST_DATABASE_URL) only. */
describe.runIf(process.env.TEST_DATABASE_URL)("resettlement shortfalls under concurrency [postgres]", () => {
  let database: Database;
  let feed: ControlledFeed;
  let deps: SportsbookDeps;
  beforeAll(async () => {
    database = await openTestDatabase("postgres");
    feed = new ControlledFeed();
    ({ deps } = sportsbookTestDeps(database.db, feed));
  });
  afterAll(() => database.close());
  /** A shortfall's row and what its player's account holds now. */
  const standing = async (id: bigint, accountId: bigint) => {
    const [row] = await database.db.select().from(sportShortfalls).where(eq(sportShortfalls.id, id));
    const [account] = await database.db.select().from(walletAccounts).where(eq(walletAccounts.id, accountId));
    return { row: row!, left: Number(account!.balance) };
  };
  /** How a call ended: "ok", the refusal's code, or the error itself (which no test accepts). */
  const outcome = (p: Promise<unknown>) =>
    p.then(
      () => "ok",
      (err) =>
        err instanceof ApiError ? err.code : err instanceof InsufficientFunds ? "insufficient" : String(err),
    );

  it("resolves a shortfall once whoever presses, never overdraws the player, and never answers 500", {
    timeout: 120_000,
  }, async () => {
    for (let round = 0; round < 10; round++) {
      const { accountId, betId, shortfall } = await resettlementShortfall(deps, feed, 61_000 + round);
      const id = String(shortfall.id);
      await postAtomically(database.db, {
        accountId,
        amount: "12",
        kind: "adjustment",
        reference: "test:deposit",
        idempotencyKey: `test:race:${accountId}`,
      });
      // Six collections, two write-offs and the player's own spending of 7, all at once.
      const [collects, writeOffs, [spend]] = await Promise.all([
        Promise.all(Array.from({ length: 6 }, () => outcome(collectShortfall(deps, staff, id)))),
        Promise.all(Array.from({ length: 2 }, () => outcome(writeOffShortfall(deps, staff, id, "Race")))),
        Promise.all([
          outcome(
            postAtomically(database.db, {
              accountId,
              amount: "-7",
              kind: "adjustment",
              reference: "test:spent",
              idempotencyKey: `test:race-spend:${accountId}`,
            }),
          ),
        ]),
      ]);
      // Staff hear a 409 when another got there first, never a 500; the player's spending fits or is refused.
      for (const o of collects) expect(["ok", "shortfall_resolved", "nothing_to_collect"]).toContain(o);
      for (const o of writeOffs) expect(["ok", "shortfall_resolved"]).toContain(o);
      expect(["ok", "insufficient"]).toContain(spend);
      expect(writeOffs.filter((o) => o === "ok").length).toBeLessThanOrEqual(1);
      const { row, left } = await standing(shortfall.id, accountId);
      expect(left).toBeGreaterThanOrEqual(0);
      // Each collection that answered took money once, in one ledger entry, and the row says how much in all.
      const taken = await database.db
        .select({ key: ledgerEntries.idempotencyKey })
        .from(ledgerEntries)
        .where(
          sql`${ledgerEntries.reference} = ${`sportsbook:bet:${betId}`} and ${ledgerEntries.idempotencyKey} like '%:collect:%'`,
        );
      expect(taken).toHaveLength(collects.filter((o) => o === "ok").length);
      expect(Number(row.collected) + left + (spend === "ok" ? 7 : 0)).toBeCloseTo(12, 6);
      expect(row.status).not.toBe("collected");
      await assertBooksBalance(database);
    }
  });

  it("a correction paying the bet again and staff resolving its shortfall at once: each part collected once, and the settlement never fails", {
    timeout: 120_000,
  }, async () => {
    for (let round = 0; round < 30; round++) {
      const eventId = 63_000 + round;
      const { accountId, betId, shortfall } = await resettlementShortfall(deps, feed, eventId);
      const id = String(shortfall.id);
      // Owes 16 with an empty balance; the correction back to the home win pays 21 while staff press.
      feed.correct(eventId, homeWinOver(eventId));
      const [settled, collects, [writeOff]] = await Promise.all([
        outcome(settleEvent(deps, eventId)),
        Promise.all(Array.from({ length: 3 }, () => outcome(collectShortfall(deps, staff, id)))),
        Promise.all([outcome(writeOffShortfall(deps, staff, id, "Race"))]),
      ]);
      expect(settled).toBe("ok");
      for (const o of collects) expect(["ok", "shortfall_resolved", "nothing_to_collect"]).toContain(o);
      expect(["ok", "shortfall_resolved"]).toContain(writeOff);
      const { row, left } = await standing(shortfall.id, accountId);
      // Only the payout came in and only collections went out; never more than was owed.
      expect(Number(row.collected)).toBeLessThanOrEqual(16);
      expect(Number(row.collected) + left).toBeCloseTo(21, 6);
      expect(row.status).toBe(writeOff === "ok" ? "written_off" : "collected");
      const taken = await database.db
        .select({ key: ledgerEntries.idempotencyKey })
        .from(ledgerEntries)
        .where(
          sql`${ledgerEntries.reference} = ${`sportsbook:bet:${betId}`} and ${ledgerEntries.idempotencyKey} like '%:collect:%'`,
        );
      expect(new Set(taken.map((t) => t.key)).size).toBe(taken.length);
      await assertBooksBalance(database);
    }
  });

  it("takes back a corrected payout while the player spends, without failing and without overdrawing", {
    timeout: 120_000,
  }, async () => {
    const problems: string[] = [];
    for (let round = 0; round < 30; round++) {
      const eventId = 62_000 + round;
      // Paid 21, keeps it all; then the correction and the player's spending of 15 race.
      const { playerId, accountId } = await fundedPlayer(database.db, "10");
      feed.setEvent(matchEvent(eventId));
      const bet = await placeBet(deps, playerId, {
        type: "single",
        stake: "10",
        oddsPolicy: "any",
        requestId: `race-${eventId}`,
        selections: [{ selectionId: `${eventId}:1x2:home`, odds: "2.10" }],
      });
      feed.pushResult(eventId, homeWinOver(eventId));
      await settleEvent(deps, eventId);
      feed.correct(eventId, {
        "1x2": {
          [`${eventId}:1x2:home`]: "lost",
          [`${eventId}:1x2:draw`]: "won",
          [`${eventId}:1x2:away`]: "lost",
        },
      });
      const [settled, spent] = await Promise.allSettled([
        settleEvent(deps, eventId),
        postAtomically(database.db, {
          accountId,
          amount: "-15",
          kind: "adjustment",
          reference: "test:spent",
          idempotencyKey: `test:race-resettle:${accountId}`,
        }),
      ]);
      if (settled.status === "rejected")
        problems.push(`round ${round}: the resettlement failed: ${settled.reason}`);
      const [row] = await database.db
        .select()
        .from(sportSettlements)
        .where(sql`${sportSettlements.betId} = ${BigInt(bet.id)} and ${sportSettlements.revision} = 2`);
      const left = Number(
        (await database.db.select().from(walletAccounts).where(eq(walletAccounts.id, accountId)))[0]!.balance,
      );
      if (left < 0) problems.push(`round ${round}: balance ${left}`);
      if (row && Number(row.reversed) + Number(row.shortfall) !== 21)
        problems.push(`round ${round}: took back ${row.reversed}, owed ${row.shortfall}`);
      if (row && Number(row.reversed) + left + (spent.status === "fulfilled" ? 15 : 0) !== 21)
        problems.push(`round ${round}: ${row.reversed} taken, ${left} left, spent ${spent.status}`);
    }
    expect(problems).toEqual([]);
    await assertBooksBalance(database);
  });
});
