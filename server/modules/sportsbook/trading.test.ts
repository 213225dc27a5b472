import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PlaceBetBody } from "#common/api/sportsbook";
import { normalizeAmount } from "#common/money";
import type { Database } from "../../db/client";
import { ApiError } from "../../http/errors";
import type { FeedUpdate } from "../../providers/odds/port";
import { assertBooksBalance, dbKinds, openTestDatabase } from "../../test/harness";
import { adminAudit } from "../staff/tables";
import { ledgerEntries, walletAccounts } from "../wallet/tables";
import { ownBet } from "./bets";
import { type TradingBook, tradingBook } from "./book";
import type { SportsbookDeps } from "./deps";
import { placeBet } from "./placement";
import { settleEvent, settlementsOf } from "./settlement";
import { ControlledFeed, fundedPlayer, matchEvent, sportsbookTestDeps, testClock } from "./test-support";
import { holdMarket, settleMarket, tradingEvent, tradingEvents } from "./trading";

let seq = 0;
const rid = () => `trade-${Date.now()}-${++seq}`;
const sel = (selectionId: string, odds: string) => ({ selectionId, odds });
const actor = { staffId: null, ip: "127.0.0.1" };

async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiError) return { code: err.code, status: err.status, message: err.message };
    throw err;
  }
  throw new Error("it was accepted");
}

for (const kind of dbKinds()) {
  describe(`sportsbook trading [${kind}]`, () => {
    let database: Database;
    let feed: ControlledFeed;
    let book: TradingBook;
    let clock: ReturnType<typeof testClock>;
    let deps: SportsbookDeps;
    let nextEvent = 5000;
    const newEvent = (o: Parameters<typeof matchEvent>[1] = {}) =>
      feed.setEvent(matchEvent(nextEvent++, { startsAt: new Date(clock.now().getTime() + 3_600_000), ...o }));

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      feed = new ControlledFeed();
      book = tradingBook(feed);
      clock = testClock(new Date("2026-11-25T12:00:00Z"));
      ({ deps } = sportsbookTestDeps(database.db, feed, { clock, feed: book }));
    });
    afterEach(async () => assertBooksBalance(database));
    afterAll(() => database.close());

    const balance = async (accountId: bigint) =>
      normalizeAmount(
        (await database.db.select().from(walletAccounts).where(eq(walletAccounts.id, accountId)))[0]!.balance,
      );
    const place = (playerId: bigint, body: Partial<PlaceBetBody> & Pick<PlaceBetBody, "selections">) =>
      placeBet(deps, playerId, {
        type: "single",
        stake: "10",
        oddsPolicy: "none",
        requestId: rid(),
        ...body,
      } as PlaceBetBody);
    const marketOf = async (eventId: number, marketId: string) =>
      (await tradingEvent(deps, eventId)).markets.find((m) => m.id === marketId)!;

    describe("suspension", () => {
      it("holds against the feed's updates until the trader resumes, and placement follows it", async () => {
        const { playerId } = await fundedPlayer(database.db, "100");
        const e = newEvent();
        const heard: FeedUpdate[] = [];
        const off = book.subscribe((u) => heard.push(u));
        await holdMarket(deps, actor, e.id, "1x2", true);
        // The live channels hear the market suspended, though the feed said nothing.
        const last = heard.filter((u) => u.type === "event").at(-1);
        expect(last?.type === "event" && last.event.markets[0]!.status).toBe("suspended");
        // The feed re-prices and re-opens the market: the trader's hold still wins.
        feed.setMarketStatus(e.id, "1x2", "suspended");
        feed.setMarketStatus(e.id, "1x2", "open");
        feed.setPrice(`${e.id}:1x2:home`, "2.20");
        const after = heard.filter((u) => u.type === "event").at(-1);
        expect(after?.type === "event" && after.event.markets[0]!.status).toBe("suspended");
        expect(book.event(e.id)!.markets[0]!.status).toBe("suspended");
        expect(book.event(e.id)!.markets[1]!.status).toBe("open");
        const m = await marketOf(e.id, "1x2");
        expect([m.status, m.feedStatus, m.held]).toEqual(["suspended", "open", true]);
        expect((await refusal(place(playerId, { selections: [sel(`${e.id}:1x2:home`, "2.20")] }))).code).toBe(
          "market_suspended",
        );
        // The other market still takes bets.
        await place(playerId, { selections: [sel(`${e.id}:total:2.5:over`, "1.90")] });
        await holdMarket(deps, actor, e.id, "1x2", false);
        const resumed = heard.filter((u) => u.type === "event").at(-1);
        expect(resumed?.type === "event" && resumed.event.markets[0]!.status).toBe("open");
        off();
        const bet = await place(playerId, { selections: [sel(`${e.id}:1x2:home`, "2.20")] });
        expect(bet.status).toBe("open");
      });

      it("holds a whole event, refuses holding twice or resuming what is not held, and audits each call", async () => {
        const { playerId } = await fundedPlayer(database.db, "100");
        const e = newEvent();
        const before = (await database.db.select().from(adminAudit)).length;
        const shown = await holdMarket(deps, actor, e.id, null, true);
        expect(shown.held).toBe(true);
        expect(shown.markets.map((m) => m.status)).toEqual(["suspended", "suspended"]);
        expect(
          (await refusal(place(playerId, { selections: [sel(`${e.id}:total:2.5:over`, "1.90")] }))).code,
        ).toBe("market_suspended");
        expect((await refusal(holdMarket(deps, actor, e.id, null, true))).code).toBe("trading_refused");
        expect((await refusal(holdMarket(deps, actor, e.id, "1x2", false))).code).toBe("trading_refused");
        expect((await refusal(holdMarket(deps, actor, e.id, "nope", true))).status).toBe(404);
        expect((await refusal(holdMarket(deps, actor, 999_999, null, true))).status).toBe(404);
        await holdMarket(deps, actor, e.id, null, false);
        const audit = (await database.db.select().from(adminAudit)).slice(before);
        expect(audit.map((a) => [a.action, a.targetId, a.before, a.after])).toEqual([
          ["trading.suspend", String(e.id), { held: false }, { held: true }],
          ["trading.resume", String(e.id), { held: true }, { held: false }],
        ]);
        expect((await place(playerId, { selections: [sel(`${e.id}:total:2.5:over`, "1.90")] })).status).toBe(
          "open",
        );
      });

      it("is read back from the database by another process's book", async () => {
        const e = newEvent();
        await holdMarket(deps, actor, e.id, "total:2.5", true);
        const other = new ControlledFeed();
        other.setEvent(matchEvent(e.id));
        const elsewhere = tradingBook(other);
        await elsewhere.load(database.db);
        expect(elsewhere.event(e.id)!.markets.map((m) => m.status)).toEqual(["open", "suspended"]);
        await holdMarket(deps, actor, e.id, "total:2.5", false);
        await elsewhere.load(database.db);
        expect(elsewhere.event(e.id)!.markets.map((m) => m.status)).toEqual(["open", "open"]);
      });
    });

    describe("liability", () => {
      it("counts singles whole and a combo's legs by an equal share of its stake and potential payout", async () => {
        const { playerId } = await fundedPlayer(database.db, "1000");
        const e = newEvent();
        const other = newEvent();
        await place(playerId, { stake: "10", selections: [sel(`${e.id}:1x2:home`, "2.10")] }); // pays 21
        await place(playerId, { stake: "20", selections: [sel(`${e.id}:1x2:draw`, "3.40")] }); // pays 68
        // A combo of 10 at 2.10 × 1.90 = 3.99 pays 39.90: half of it on each leg.
        await place(playerId, {
          type: "combo",
          stake: "10",
          selections: [sel(`${e.id}:1x2:home`, "2.10"), sel(`${other.id}:total:2.5:over`, "1.90")],
        });
        const ev = await tradingEvent(deps, e.id);
        const x2 = ev.markets.find((m) => m.id === "1x2")!;
        expect([x2.openBets, x2.stakes]).toEqual([3, "35"]);
        expect(x2.selections.map((s) => [s.payout, s.liability])).toEqual([
          ["40.95", "5.95"],
          ["68", "33"],
          ["0", "-35"],
        ]);
        const total = ev.markets.find((m) => m.id === "total:2.5")!;
        expect([total.openBets, total.stakes, total.selections[0]!.liability]).toEqual([0, "0", "0"]);
        const o = (await tradingEvent(deps, other.id)).markets.find((m) => m.id === "total:2.5")!;
        expect([
          o.stakes,
          o.selections[0]!.payout,
          o.selections[0]!.liability,
          o.selections[1]!.liability,
        ]).toEqual(["5", "19.95", "14.95", "-5"]);
        // Once one leg is settled, the combo counts whole on the leg still open.
        await holdMarket(deps, actor, other.id, "total:2.5", true);
        await settleMarket(
          deps,
          actor,
          other.id,
          "total:2.5",
          { winners: [`${other.id}:total:2.5:over`] },
          false,
        );
        const after = (await tradingEvent(deps, e.id)).markets.find((m) => m.id === "1x2")!;
        expect([after.stakes, after.selections[0]!.payout]).toEqual(["40", "60.9"]);
      });

      it("lists events by state, sport and name", async () => {
        const live = newEvent({ status: "live", home: "Liability Lions", away: "Trading Tigers" });
        const rows = tradingEvents(deps, { state: "live", q: "lions", limit: 50 });
        expect(rows.map((r) => r.id)).toEqual([live.id]);
        expect(tradingEvents(deps, { state: "upcoming", q: "lions", limit: 50 })).toEqual([]);
        expect(tradingEvents(deps, { sportId: 1, q: "lions", limit: 50 })).toEqual([]);
      });
    });

    describe("settlement by hand", () => {
      it("refuses to settle a market still in play, then pays once; a second settle is refused", async () => {
        const { playerId, accountId } = await fundedPlayer(database.db, "100");
        const e = newEvent({ status: "live" });
        feed.setStatus(e.id, "scheduled"); // bets pre-match, then the match goes live
        const bet = await place(playerId, { selections: [sel(`${e.id}:1x2:home`, "2.10")] });
        feed.setStatus(e.id, "live");
        const win = { winners: [`${e.id}:1x2:home`] };
        const r = await refusal(settleMarket(deps, actor, e.id, "1x2", win, false));
        expect([r.code, r.message]).toEqual([
          "trading_refused",
          "Suspend this market before settling it: it is still in play",
        ]);
        expect(
          (await refusal(settleMarket(deps, actor, e.id, "1x2", { winners: ["nope"] }, false))).code,
        ).toBe("validation_error");
        await holdMarket(deps, actor, e.id, "1x2", true);
        const done = await settleMarket(deps, actor, e.id, "1x2", win, false);
        expect(done.settledBets).toBe(1);
        expect([done.market.status, done.market.settledBy]).toEqual(["closed", "trader"]);
        expect(done.market.selections.map((s) => s.result)).toEqual(["won", "lost", "lost"]);
        expect(await balance(accountId)).toBe("111");
        expect((await ownBet(database.db, playerId, bet.id)).bet.status).toBe("won");
        expect((await refusal(settleMarket(deps, actor, e.id, "1x2", win, false))).code).toBe(
          "trading_refused",
        );
        // The feed's later result does not move a trader's result.
        feed.pushResult(e.id, {
          "1x2": { [`${e.id}:1x2:home`]: "lost", [`${e.id}:1x2:draw`]: "won", [`${e.id}:1x2:away`]: "lost" },
        });
        expect(await balance(accountId)).toBe("111");
        const payouts = await database.db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.idempotencyKey, `sportsbook:bet:${bet.id}:payout:${2_000_001}`));
        expect(payouts).toHaveLength(1);
      });

      it("settles once when two traders settle at the same moment", async () => {
        const { playerId, accountId } = await fundedPlayer(database.db, "100");
        const e = newEvent();
        await place(playerId, { selections: [sel(`${e.id}:1x2:away`, "3.60")] });
        await holdMarket(deps, actor, e.id, null, true);
        const win = { winners: [`${e.id}:1x2:away`] };
        const all = await Promise.allSettled(
          Array.from({ length: 4 }, () => settleMarket(deps, actor, e.id, "1x2", win, false)),
        );
        expect(all.filter((x) => x.status === "fulfilled")).toHaveLength(1);
        expect(await balance(accountId)).toBe("126");
      });

      it("voids a market: every stake back", async () => {
        const { playerId, accountId } = await fundedPlayer(database.db, "100");
        const e = newEvent();
        const bet = await place(playerId, {
          stake: "15",
          selections: [sel(`${e.id}:total:2.5:under`, "1.90")],
        });
        expect(await balance(accountId)).toBe("85");
        feed.setStatus(e.id, "ended");
        const done = await settleMarket(deps, actor, e.id, "total:2.5", { void: true }, false);
        expect(done.market.selections.map((s) => s.result)).toEqual(["void", "void"]);
        expect(await balance(accountId)).toBe("100");
        expect((await ownBet(database.db, playerId, bet.id)).bet.status).toBe("void");
      });

      it("corrects a result: the payout is taken back and the new one paid, and the books balance", async () => {
        const { playerId: p1, accountId: a1 } = await fundedPlayer(database.db, "100");
        const { playerId: p2, accountId: a2 } = await fundedPlayer(database.db, "100");
        const e = newEvent();
        const b1 = await place(p1, { selections: [sel(`${e.id}:1x2:home`, "2.10")] });
        const b2 = await place(p2, { selections: [sel(`${e.id}:1x2:draw`, "3.40")] });
        feed.setStatus(e.id, "ended");
        // The feed settles home; the trader corrects it to the draw.
        feed.pushResult(e.id, {
          "1x2": { [`${e.id}:1x2:home`]: "won", [`${e.id}:1x2:draw`]: "lost", [`${e.id}:1x2:away`]: "lost" },
        });
        await new Promise((r) => setTimeout(r, 0));
        await settleEvent(deps, e.id);
        expect([await balance(a1), await balance(a2)]).toEqual(["111", "90"]);
        expect(
          (await refusal(settleMarket(deps, actor, e.id, "1x2", { winners: [`${e.id}:1x2:home`] }, false)))
            .code,
        ).toBe("trading_refused");
        expect(
          (await refusal(settleMarket(deps, actor, e.id, "1x2", { winners: [`${e.id}:1x2:home`] }, true)))
            .message,
        ).toBe("This is already the market's result");
        const fixed = await settleMarket(deps, actor, e.id, "1x2", { winners: [`${e.id}:1x2:draw`] }, true);
        expect(fixed.settledBets).toBe(2);
        expect([await balance(a1), await balance(a2)]).toEqual(["90", "124"]);
        expect((await ownBet(database.db, p1, b1.id)).bet.status).toBe("lost");
        expect((await ownBet(database.db, p2, b2.id)).bet.status).toBe("won");
        const rows = await settlementsOf(database.db, [BigInt(b1.id)]);
        expect(
          rows.map((s) => [s.status, normalizeAmount(s.payout), normalizeAmount(s.reversed)]).sort(),
        ).toEqual([
          ["lost", "0", "21"],
          ["won", "21", "0"],
        ]);
        // A second correction (back to home) reverses and re-posts again.
        await settleMarket(deps, actor, e.id, "1x2", { winners: [`${e.id}:1x2:home`] }, true);
        expect([await balance(a1), await balance(a2)]).toEqual(["111", "90"]);
        expect((await tradingEvent(deps, e.id)).markets[0]!.resultVersion).toBe(2);
      });

      it("refuses to correct a market that has no result yet", async () => {
        const e = newEvent();
        expect(
          (await refusal(settleMarket(deps, actor, e.id, "1x2", { winners: [`${e.id}:1x2:home`] }, true)))
            .code,
        ).toBe("trading_refused");
      });
    });
  });
}
