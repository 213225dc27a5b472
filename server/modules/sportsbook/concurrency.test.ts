import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlaceBetBody } from "#common/api/sportsbook";
import type { Database } from "../../db/client";
import type { ApiError } from "../../http/errors";
import { assertBooksBalance, openTestDatabase } from "../../test/harness";
import { ledgerEntries, walletAccounts } from "../wallet/tables";
import { ownBet, toSportBet } from "./bets";
import { cashOut } from "./cash-out";
import { placeBet } from "./placement";
import { settleBet, settleEvent } from "./settlement";
import {
  ControlledFeed,
  fundedAccount,
  fundedPlayer,
  homeWinOver,
  matchEvent,
  sportsbookTestDeps,
} from "./test-support";

/** Races that only a server with many connections can run: PostgreSQL (TEST_DATABASE_URL) only. */
describe.runIf(process.env.TEST_DATABASE_URL)("the bet engine under concurrency [postgres]", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase("postgres");
  });
  afterAll(() => database.close());

  const balanceOf = async (accountId: bigint) =>
    (await database.db.select().from(walletAccounts).where(eq(walletAccounts.id, accountId)))[0]!.balance;

  it("takes 200 simultaneous bets against one balance without ever overdrawing it", {
    timeout: 120_000,
  }, async () => {
    const feed = new ControlledFeed();
    const { deps } = sportsbookTestDeps(database.db, feed, {
      rules: { ...sportsbookTestDeps(database.db, feed).deps.rules, maxStakePerMarket: "100000" },
    });
    const { playerId, accountId } = await fundedPlayer(database.db, "100");
    const events = Array.from({ length: 10 }, (_, i) => feed.setEvent(matchEvent(50_000 + i)));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        placeBet(deps, playerId, {
          type: "single",
          stake: "1",
          oddsPolicy: "none",
          requestId: `concurrent-${i}`,
          selections: [{ selectionId: `${events[i % 10]!.id}:1x2:home`, odds: "2.10" }],
        } as PlaceBetBody),
      ),
    );
    const accepted = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.filter((o) => o.status === "rejected");
    expect(accepted).toHaveLength(100);
    for (const r of refused)
      expect(((r as PromiseRejectedResult).reason as ApiError).code).toBe("insufficient_funds");
    expect(Number(await balanceOf(accountId))).toBe(0);
    await assertBooksBalance(database);
  });

  const cashOutRace = (how: "bet by bet" | "in batches") => async () => {
    const feed = new ControlledFeed();
    const { deps } = sportsbookTestDeps(database.db, feed);
    const { playerId, accountId } = await fundedPlayer(database.db, "1000");
    const e = feed.setEvent(matchEvent(60_000));
    const bets = [];
    for (let i = 0; i < 30; i++)
      bets.push(
        await placeBet(deps, playerId, {
          type: "single",
          stake: "10",
          oddsPolicy: "none",
          requestId: `race-${i}`,
          selections: [{ selectionId: `${e.id}:1x2:home`, odds: "2.10" }],
        } as PlaceBetBody),
      );
    // Every offer is read before the result lands; then each cash-out races the settlement of all bets.
    const offers = await Promise.all(
      bets.map(async (b) => {
        const { bet, legs } = await ownBet(database.db, playerId, b.id);
        return toSportBet(bet, legs, { feed, cashOutMargin: deps.rules.cashOutMargin }).cashOut!;
      }),
    );
    const results = homeWinOver(e.id);
    // The result arrives while the markets still show open: both calls may go ahead, the row lock decides.
    feed.pushResult(e.id, results, { keepOpen: true });
    // Each bet's cash-out and its settlement (the bet alone, or the whole event in one batch) start together,
    // one or the other first by turns.
    await Promise.all(
      bets.map((b, i) => {
        const cash = () => cashOut(deps, playerId, b.id, offers[i]!);
        const settle = () => (how === "bet by bet" ? settleBet(deps, BigInt(b.id)) : settleEvent(deps, e.id));
        return Promise.allSettled(i % 2 ? [cash(), settle()] : [settle(), cash()]);
      }),
    );
    let expected = 1000 - 300;
    const statuses = new Set<string>();
    for (const b of bets) {
      const { bet } = await ownBet(database.db, playerId, b.id);
      expect(["cashed_out", "won"]).toContain(bet.status);
      statuses.add(bet.status);
      expected += Number(bet.payout);
      const wins = await database.db
        .select()
        .from(ledgerEntries)
        .where(
          sql`${ledgerEntries.reference} = ${`sportsbook:bet:${b.id}`} and ${ledgerEntries.kind} = 'win'`,
        );
      expect(wins).toHaveLength(1);
    }
    expect(Number(await balanceOf(accountId))).toBeCloseTo(expected, 6);
    // Settlement running after a cash-out changes nothing; the books agree with every bet.
    await settleEvent(deps, e.id);
    expect(Number(await balanceOf(accountId))).toBeCloseTo(expected, 6);
    await assertBooksBalance(database);
  };

  it(
    "pays a bet that is cashed out while it settles exactly once",
    { timeout: 120_000 },
    cashOutRace("bet by bet"),
  );

  it(
    "pays a bet that is cashed out while its event settles in one batch exactly once",
    { timeout: 120_000 },
    cashOutRace("in batches"),
  );

  it("pays a system bet that is cashed out while its last leg settles exactly once", {
    timeout: 120_000,
  }, async () => {
    const feed = new ControlledFeed();
    const { deps } = sportsbookTestDeps(database.db, feed);
    const { playerId, accountId } = await fundedPlayer(database.db, "1000");
    const [a, b, c] = [70_100, 70_101, 70_102].map((id) => feed.setEvent(matchEvent(id)));
    const bets = [];
    for (let i = 0; i < 20; i++)
      bets.push(
        await placeBet(deps, playerId, {
          type: "system",
          systemSize: 2,
          stake: "30",
          oddsPolicy: "none",
          requestId: `system-race-${i}`,
          selections: [a!, b!, c!].map((e) => ({ selectionId: `${e.id}:1x2:home`, odds: "2.10" })),
        } as PlaceBetBody),
      );
    // Two legs won; the third is open, so each bet has an offer from its combinations.
    for (const e of [a!, b!]) {
      feed.pushResult(e.id, homeWinOver(e.id));
      await settleEvent(deps, e.id);
    }
    const offers = await Promise.all(
      bets.map(async (x) => {
        const { bet, legs } = await ownBet(database.db, playerId, x.id);
        return toSportBet(bet, legs, { feed, cashOutMargin: deps.rules.cashOutMargin }).cashOut!;
      }),
    );
    expect(offers.every((o) => Number(o) > 0)).toBe(true);
    feed.pushResult(c!.id, homeWinOver(c!.id), { keepOpen: true });
    const outcomes = await Promise.all(
      bets.map((x, i) => {
        const cash = () => cashOut(deps, playerId, x.id, offers[i]!);
        const settle = () => settleBet(deps, BigInt(x.id));
        return Promise.allSettled(i % 2 ? [cash(), settle()] : [settle(), cash()]);
      }),
    );
    // A cash-out that lost the race is refused as unavailable, never a 500.
    for (const o of outcomes.flat())
      if (o.status === "rejected") expect((o.reason as ApiError).code).toBe("cash_out_unavailable");
    let expected = 1000 - 600;
    for (const x of bets) {
      const { bet } = await ownBet(database.db, playerId, x.id);
      expect(["cashed_out", "won"]).toContain(bet.status);
      expected += Number(bet.payout);
      const wins = await database.db
        .select()
        .from(ledgerEntries)
        .where(
          sql`${ledgerEntries.reference} = ${`sportsbook:bet:${x.id}`} and ${ledgerEntries.kind} = 'win'`,
        );
      expect(wins).toHaveLength(1);
    }
    expect(Number(await balanceOf(accountId))).toBeCloseTo(expected, 6);
    await settleEvent(deps, c!.id);
    expect(Number(await balanceOf(accountId))).toBeCloseTo(expected, 6);
    await assertBooksBalance(database);
  });

  /**
   * Two bets of one player in two currencies, sent together, against a cap they pass alone and not together:
   * 600 USD and 500 EUR (540 USD at the seed's 1.08) against 1,000 (base currency, USD). Each account's own
   * lock let both through; the player's lock (decision 0036) makes the second see the first, converted.
   */
  const capRace =
    (caps: { maxStakePerMarket: string; maxOpenStake: string }, sameMarket: boolean) => async () => {
      const feed = new ControlledFeed();
      const base = sportsbookTestDeps(database.db, feed).deps;
      const { deps } = sportsbookTestDeps(database.db, feed, { rules: { ...base.rules, ...caps } });
      const [a, b] = [feed.setEvent(matchEvent(80_000)), feed.setEvent(matchEvent(80_001))];
      const bet = (stake: string, currency: string, event: { id: number }, i: string) =>
        placeBet(deps, playerId, {
          type: "single",
          stake,
          currency,
          oddsPolicy: "none",
          requestId: `cap-${i}`,
          selections: [{ selectionId: `${event.id}:1x2:home`, odds: "2.10" }],
        } as PlaceBetBody);
      let playerId = 0n;
      const wrong: string[] = [];
      for (let round = 0; round < 200; round++) {
        ({ playerId } = await fundedPlayer(database.db, "1000", "USD"));
        await fundedAccount(database.db, playerId, "EUR", "1000");
        const outcomes = await Promise.allSettled(
          round % 2
            ? [bet("600", "USD", a, `${round}-usd`), bet("500", "EUR", sameMarket ? a : b, `${round}-eur`)]
            : [bet("500", "EUR", sameMarket ? a : b, `${round}-eur`), bet("600", "USD", a, `${round}-usd`)],
        );
        for (const o of outcomes)
          if (o.status === "rejected") expect((o.reason as ApiError).code).toBe("stake_too_high");
        const accepted = outcomes.filter((o) => o.status === "fulfilled").length;
        if (accepted !== 1) wrong.push(`round ${round}: ${accepted} accepted`);
      }
      // Each alone fits: in every round exactly one passed the cap, never both.
      expect(wrong).toEqual([]);
    };

  it(
    "never accepts two bets in two currencies sent together past the per-market cap, counted in the base currency",
    { timeout: 300_000 },
    capRace({ maxStakePerMarket: "1000", maxOpenStake: "1000000" }, true),
  );

  it(
    "never accepts two bets in two currencies sent together past the cap over all unsettled bets",
    { timeout: 300_000 },
    capRace({ maxStakePerMarket: "1000000", maxOpenStake: "1000" }, false),
  );

  it("settles an event's bets in batches, from two jobs together, each bet exactly once", {
    timeout: 120_000,
  }, async () => {
    // settleEvent settles an event's bets in batches (issue 38); two processes' jobs may run it together.
    const feed = new ControlledFeed();
    const { deps } = sportsbookTestDeps(database.db, feed);
    const e = feed.setEvent(matchEvent(90_000));
    const players = await Promise.all([1, 2, 3].map(() => fundedPlayer(database.db, "1000")));
    const placed: { id: string; playerId: bigint; home: boolean }[] = [];
    for (const [p, { playerId }] of players.entries())
      for (let i = 0; i < 30; i++) {
        const home = i % 3 === 0;
        const bet = await placeBet(deps, playerId, {
          type: "single",
          stake: "10",
          oddsPolicy: "any",
          requestId: `settle-race-${p}-${i}`,
          selections: [{ selectionId: `${e.id}:1x2:${home ? "home" : "away"}`, odds: "2.10" }],
        } as PlaceBetBody);
        placed.push({ id: bet.id, playerId, home });
      }
    feed.pushResult(e.id, homeWinOver(e.id));
    const runs = await Promise.allSettled([settleEvent(deps, e.id), settleEvent(deps, e.id)]);
    expect(runs.filter((r) => r.status === "rejected")).toEqual([]);
    const changed = runs.map((r) => (r.status === "fulfilled" ? r.value : 0));
    expect(changed[0]! + changed[1]!).toBe(placed.length);
    for (const b of placed) {
      const { bet } = await ownBet(database.db, b.playerId, b.id);
      expect(bet.status).toBe(b.home ? "won" : "lost");
      const wins = await database.db
        .select()
        .from(ledgerEntries)
        .where(
          sql`${ledgerEntries.reference} = ${`sportsbook:bet:${b.id}`} and ${ledgerEntries.kind} = 'win'`,
        );
      expect(wins).toHaveLength(b.home ? 1 : 0);
    }
    // 30 bets of 10, 10 of them won at 2.10: 1000 - 300 + 210 each.
    for (const { accountId } of players) expect(Number(await balanceOf(accountId))).toBeCloseTo(910, 6);
    await assertBooksBalance(database);
  });
});
