import { and, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PlaceBetBody } from "#common/api/sportsbook";
import { REALTIME_EVENTS } from "#common/realtime";
import { loadConfig } from "../../config";
import type { Database } from "../../db/client";
import { ApiError } from "../../http/errors";
import { assertBooksBalance, dbKinds, openTestDatabase } from "../../test/harness";
import { domainFacts } from "../facts/tables";
import { ledgerEntries, ledgerPostings, walletAccounts } from "../wallet/tables";
import { ownBet } from "./bets";
import { cashOut } from "./cash-out";
import { betRulesOf, type SportsbookDeps } from "./deps";
import { acceptPendingBets, placeBet } from "./placement";
import { settleEvent, settleFromFeed, voidDroppedEvents } from "./settlement";
import { sportMissingEvents, sportSettlements } from "./tables";
import {
  ControlledFeed,
  fundedAccount,
  fundedPlayer,
  homeWinOver,
  matchEvent,
  sportsbookTestDeps,
  testClock,
} from "./test-support";

let seq = 0;
const rid = () => `req-${Date.now()}-${++seq}`;
const sel = (selectionId: string, odds: string) => ({ selectionId, odds });

/** The refusal a placement answers, as its code and field errors. */
async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiError) return { code: err.code, errors: err.errors, status: err.status };
    throw err;
  }
  throw new Error("the bet was accepted");
}

for (const kind of dbKinds()) {
  describe(`the bet engine [${kind}]`, () => {
    let database: Database;
    let feed: ControlledFeed;
    let clock: ReturnType<typeof testClock>;
    let deps: SportsbookDeps;
    let published: { channel: string; event: string; data: unknown }[];
    let nextEvent = 1000;
    const newEvent = (o: Parameters<typeof matchEvent>[1] = {}) =>
      feed.setEvent(matchEvent(nextEvent++, { startsAt: new Date(clock.now().getTime() + 3_600_000), ...o }));

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      feed = new ControlledFeed();
      clock = testClock(new Date("2026-11-25T12:00:00Z"));
      ({ deps, published } = sportsbookTestDeps(database.db, feed, { clock }));
    });
    afterEach(async () => assertBooksBalance(database));
    afterAll(() => database.close());

    const balance = async (accountId: bigint) =>
      (await database.db.select().from(walletAccounts).where(eq(walletAccounts.id, accountId)))[0]!.balance;
    const place = (playerId: bigint, body: Partial<PlaceBetBody> & Pick<PlaceBetBody, "selections">) =>
      placeBet(deps, playerId, {
        type: "single",
        stake: "10",
        oddsPolicy: "none",
        requestId: rid(),
        ...body,
      } as PlaceBetBody);

    describe("placement", () => {
      it("takes a single at the price the player saw and debits the stake once", async () => {
        const { playerId, accountId } = await fundedPlayer(database.db, "100");
        const e = newEvent();
        const requestId = rid();
        const bet = await place(playerId, { requestId, selections: [sel(`${e.id}:1x2:home`, "2.10")] });
        expect(bet).toMatchObject({ status: "open", stake: "10", odds: "2.1", potentialPayout: "21" });
        expect(bet.legs[0]).toMatchObject({
          eventName: `Home ${e.id} - Away ${e.id}`,
          selectionName: `Home ${e.id}`,
        });
        expect(Number(await balance(accountId))).toBe(90);
        // A retry of the same slip answers the same bet and stakes nothing more, even after the price moved.
        feed.setPrice(`${e.id}:1x2:home`, "2.30");
        const again = await place(playerId, { requestId, selections: [sel(`${e.id}:1x2:home`, "2.10")] });
        expect(again.id).toBe(bet.id);
        expect(Number(await balance(accountId))).toBe(90);
        const announced = published.filter((p) => p.channel === `game:bets#${playerId}`);
        expect(announced.map((p) => p.event)).toEqual([REALTIME_EVENTS.betPlaced]);
        expect(published.some((p) => p.channel === `wallet:accounts#${playerId}`)).toBe(true);
      });

      it("answers simultaneous retries of one slip with one bet", async () => {
        const { playerId, accountId } = await fundedPlayer(database.db, "100");
        const e = newEvent();
        const body = { requestId: rid(), selections: [sel(`${e.id}:1x2:draw`, "3.40")] };
        const bets = await Promise.all([place(playerId, body), place(playerId, body), place(playerId, body)]);
        expect(new Set(bets.map((b) => b.id)).size).toBe(1);
        expect(Number(await balance(accountId))).toBe(90);
      });

      it("refuses a changed price under policy none, naming the new prices; 'higher' takes a better one", async () => {
        const { playerId } = await fundedPlayer(database.db, "100");
        const e = newEvent();
        feed.setPrice(`${e.id}:1x2:home`, "2.00");
        expect(
          await refusal(place(playerId, { selections: [sel(`${e.id}:1x2:home`, "2.10")] })),
        ).toMatchObject({
          code: "odds_changed",
          errors: { [`${e.id}:1x2:home`]: ["2.00"] },
        });
        // Lower than seen: 'higher' refuses too; 'any' takes it.
        expect(
          (
            await refusal(
              place(playerId, { oddsPolicy: "higher", selections: [sel(`${e.id}:1x2:home`, "2.10")] }),
            )
          ).code,
        ).toBe("odds_changed");
        const anyBet = await place(playerId, {
          oddsPolicy: "any",
          selections: [sel(`${e.id}:1x2:home`, "2.10")],
        });
        expect(anyBet.legs[0]!.odds).toBe("2");
        feed.setPrice(`${e.id}:1x2:away`, "3.80");
        const higher = await place(playerId, {
          oddsPolicy: "higher",
          selections: [sel(`${e.id}:1x2:away`, "3.60")],
        });
        expect(higher.legs[0]!.odds).toBe("3.8");
      });

      it("refuses suspended markets, finished or started events, and unknown selections", async () => {
        const { playerId } = await fundedPlayer(database.db, "100");
        const suspended = newEvent();
        feed.setMarketStatus(suspended.id, "1x2", "suspended");
        expect(
          (await refusal(place(playerId, { selections: [sel(`${suspended.id}:1x2:home`, "2.10")] }))).code,
        ).toBe("market_suspended");
        const started = newEvent({ startsAt: new Date(clock.now().getTime() - 60_000) });
        expect(
          (await refusal(place(playerId, { selections: [sel(`${started.id}:1x2:home`, "2.10")] }))).code,
        ).toBe("event_not_available");
        const ended = newEvent();
        feed.setStatus(ended.id, "ended");
        expect(
          (await refusal(place(playerId, { selections: [sel(`${ended.id}:1x2:home`, "2.10")] }))).code,
        ).toBe("event_not_available");
        expect((await refusal(place(playerId, { selections: [sel("999999:1x2:home", "2.10")] }))).code).toBe(
          "event_not_available",
        );
      });

      it("refuses stakes outside the house limits and legs of one event in a combo", async () => {
        const { playerId } = await fundedPlayer(database.db, "5000");
        const e = newEvent();
        const home = sel(`${e.id}:1x2:home`, "2.10");
        expect(await refusal(place(playerId, { stake: "0.05", selections: [home] }))).toMatchObject({
          code: "stake_too_low",
        });
        expect((await refusal(place(playerId, { stake: "30000", selections: [home] }))).code).toBe(
          "payout_too_high",
        );
        await place(playerId, { stake: "900", selections: [home] });
        // 900 already on this market: 200 more passes the 1000 per market.
        expect((await refusal(place(playerId, { stake: "200", selections: [home] }))).code).toBe(
          "stake_too_high",
        );
        // Another market of the same event is fine alone, but not with the first in one combo.
        await place(playerId, { stake: "200", selections: [sel(`${e.id}:total:2.5:over`, "1.90")] });
        expect(
          (
            await refusal(
              place(playerId, {
                type: "combo",
                selections: [sel(`${e.id}:1x2:draw`, "3.40"), sel(`${e.id}:total:2.5:under`, "1.90")],
              }),
            )
          ).code,
        ).toBe("selections_incompatible");
      });

      it("counts a combo's stake on each of its markets, this player's unsettled bets only", async () => {
        const [{ playerId }, other] = [
          await fundedPlayer(database.db, "5000"),
          await fundedPlayer(database.db, "5000"),
        ];
        const [a, b, c] = [newEvent(), newEvent(), newEvent()];
        const home = (e: { id: number }) => sel(`${e.id}:1x2:home`, "2.10");
        // 600 on a's and b's main markets in one combo, and another player's 900 on a's.
        await place(playerId, { type: "combo", stake: "600", selections: [home(a), home(b)] });
        await place(other.playerId, { stake: "900", selections: [home(a)] });
        // The player's other selections of those markets count the combo's 600 each, not the other's 900.
        const draw = (e: { id: number }) => sel(`${e.id}:1x2:draw`, "3.40");
        expect((await refusal(place(playerId, { stake: "401", selections: [draw(b)] }))).code).toBe(
          "stake_too_high",
        );
        expect(
          (await refusal(place(playerId, { type: "combo", stake: "401", selections: [draw(c), draw(a)] })))
            .code,
        ).toBe("stake_too_high");
        // Another market of the same events holds nothing yet; up to the cap on each market passes.
        await place(playerId, { stake: "1000", selections: [sel(`${a.id}:total:2.5:over`, "1.90")] });
        await place(playerId, { stake: "400", selections: [draw(b)] });
        await place(playerId, { stake: "400", selections: [draw(a)] });
        // Once the combo is settled (a's away win loses it), its stake no longer counts on b's market.
        feed.pushResult(a.id, {
          "1x2": { [`${a.id}:1x2:home`]: "lost", [`${a.id}:1x2:draw`]: "lost", [`${a.id}:1x2:away`]: "won" },
          "total:2.5": { [`${a.id}:total:2.5:over`]: "won", [`${a.id}:total:2.5:under`]: "lost" },
        });
        await settleEvent(deps, a.id);
        await place(playerId, { stake: "600", selections: [draw(b)] });
        expect((await refusal(place(playerId, { stake: "1", selections: [draw(b)] }))).code).toBe(
          "stake_too_high",
        );
      });

      it("refuses a stake past the player's cap over all unsettled bets", async () => {
        const { playerId } = await fundedPlayer(database.db, "100");
        const capped = { ...deps, rules: { ...deps.rules, maxOpenStake: "25" } };
        const [a, b] = [newEvent(), newEvent()];
        const body = (e: { id: number }, stake: string) =>
          ({
            type: "single",
            stake,
            oddsPolicy: "none",
            requestId: rid(),
            selections: [sel(`${e.id}:1x2:home`, "2.10")],
          }) as PlaceBetBody;
        const first = body(a, "20");
        const placed = await placeBet(capped, playerId, first);
        expect(await refusal(placeBet(capped, playerId, body(b, "10")))).toMatchObject({
          code: "stake_too_high",
          errors: { stake: ["25"] },
        });
        // A retry of the first slip with a cap it now fills itself (20 + 20 > 25) answers the first bet.
        const cap = { ...capped, rules: { ...capped.rules, maxOpenStake: "30" } };
        expect((await placeBet(cap, playerId, first)).id).toBe(placed.id);
        await placeBet(capped, playerId, body(b, "5"));
      });

      it("counts the caps in the base currency, converting each currency's stakes at its rate", async () => {
        const { playerId } = await fundedPlayer(database.db, "2000");
        await fundedAccount(database.db, playerId, "EUR", "2000");
        const [e, f] = [newEvent(), newEvent()];
        const capped = { ...deps, rules: { ...deps.rules, maxStakePerMarket: "1000", maxOpenStake: "1500" } };
        const body = (event: { id: number }, stake: string, currency: string) =>
          ({
            type: "single",
            stake,
            currency,
            oddsPolicy: "none",
            requestId: rid(),
            selections: [sel(`${event.id}:1x2:home`, "2.10")],
          }) as PlaceBetBody;
        // 1,000 EUR is 1,080 USD (the seed's rate 1.08): past the 1,000 per market on its own.
        expect(await refusal(placeBet(capped, playerId, body(e, "1000", "EUR")))).toMatchObject({
          code: "stake_too_high",
          errors: { stake: ["1000"] },
        });
        await placeBet(capped, playerId, body(e, "950", "USD"));
        // 950 USD + 50 EUR (54 USD) is past 1,000, though 950 + 50 is not.
        expect(await refusal(placeBet(capped, playerId, body(e, "50", "EUR")))).toMatchObject({
          code: "stake_too_high",
        });
        await placeBet(capped, playerId, body(e, "46", "EUR"));
        // Over all unsettled bets: 950 + 49.68 USD so far; 500 EUR (540 USD) is past 1,500, 460 EUR is not.
        expect(await refusal(placeBet(capped, playerId, body(f, "500", "EUR")))).toMatchObject({
          code: "stake_too_high",
          errors: { stake: ["1500"] },
        });
        await placeBet(capped, playerId, body(f, "460", "EUR"));
      });

      it("refuses a stake the balance does not hold, writing nothing", async () => {
        const { playerId, accountId } = await fundedPlayer(database.db, "5");
        const e = newEvent();
        expect(
          await refusal(place(playerId, { stake: "10", selections: [sel(`${e.id}:1x2:home`, "2.10")] })),
        ).toMatchObject({ code: "insufficient_funds", status: 422 });
        expect(Number(await balance(accountId))).toBe(5);
      });

      it("asks the limits inside the stake's transaction and tells the player's pages which one stopped it", async () => {
        const { playerId, accountId } = await fundedPlayer(database.db, "100");
        const e = newEvent();
        const limited = {
          ...deps,
          betLimits: {
            check: async (_tx: unknown, bet: { amount: string }) =>
              Number(bet.amount) > 5
                ? ({ ok: false, reason: "max_exceeded", maxBet: "5" } as const)
                : ({ ok: false, reason: "restricted" } as const),
          },
        };
        const body = (stake: string) =>
          ({
            type: "single",
            stake,
            oddsPolicy: "none",
            requestId: rid(),
            selections: [sel(`${e.id}:1x2:home`, "2.10")],
          }) as PlaceBetBody;
        expect((await refusal(placeBet(limited, playerId, body("10")))).code).toBe("limit_reached");
        expect((await refusal(placeBet(limited, playerId, body("2")))).code).toBe("limit_reached");
        const events = published.filter((p) => p.channel === `game:bets#${playerId}`);
        expect(events.map((p) => p.event)).toEqual([
          REALTIME_EVENTS.betMaxExceeded,
          REALTIME_EVENTS.betRestricted,
        ]);
        expect(events[0]!.data).toMatchObject({ maxBet: "5", amount: "10" });
        expect(Number(await balance(accountId))).toBe(100);
      });
    });

    describe("live bets", () => {
      it("wait out the delay, then open at an unchanged price", async () => {
        const { playerId, accountId } = await fundedPlayer(database.db, "100");
        const e = newEvent({ status: "live", startsAt: new Date(clock.now().getTime() - 600_000) });
        const bet = await place(playerId, { selections: [sel(`${e.id}:1x2:home`, "2.10")] });
        expect(bet.status).toBe("pending");
        expect(Number(await balance(accountId))).toBe(90);
        clock.advance(4_000);
        await acceptPendingBets(deps);
        expect((await ownBet(database.db, playerId, bet.id)).bet.status).toBe("pending");
        clock.advance(1_000);
        await acceptPendingBets(deps);
        expect((await ownBet(database.db, playerId, bet.id)).bet.status).toBe("open");
        expect(Number(await balance(accountId))).toBe(90);
      });

      it("are refused and refunded exactly once when the price moved or the market was suspended meanwhile", async () => {
        const { playerId, accountId } = await fundedPlayer(database.db, "100");
        const e = newEvent({ status: "live", startsAt: new Date(clock.now().getTime() - 600_000) });
        const moved = await place(playerId, { selections: [sel(`${e.id}:1x2:home`, "2.10")] });
        const suspended = await place(playerId, { selections: [sel(`${e.id}:total:2.5:over`, "1.90")] });
        expect(Number(await balance(accountId))).toBe(80);
        feed.setPrice(`${e.id}:1x2:home`, "1.80");
        feed.setMarketStatus(e.id, "total:2.5", "suspended");
        clock.advance(5_000);
        await Promise.all([acceptPendingBets(deps), acceptPendingBets(deps)]);
        await acceptPendingBets(deps);
        const a = (await ownBet(database.db, playerId, moved.id)).bet;
        const b = (await ownBet(database.db, playerId, suspended.id)).bet;
        expect([a.status, a.rejectReason]).toEqual(["rejected", "odds_changed"]);
        expect([b.status, b.rejectReason]).toEqual(["rejected", "market_suspended"]);
        expect(Number(await balance(accountId))).toBe(100);
        const refunds = await database.db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.reference, `sportsbook:bet:${moved.id}`));
        expect(refunds.map((r) => r.kind).sort()).toEqual(["bet", "rollback"]);
      });
    });

    describe("settlement", () => {
      it("pays won singles and combos once, and nothing for lost ones", async () => {
        const { playerId, accountId } = await fundedPlayer(database.db, "100");
        const a = newEvent();
        const b = newEvent();
        const win = await place(playerId, { selections: [sel(`${a.id}:1x2:home`, "2.10")] });
        const lose = await place(playerId, { selections: [sel(`${a.id}:1x2:away`, "3.60")] });
        const combo = await place(playerId, {
          type: "combo",
          selections: [sel(`${a.id}:total:2.5:over`, "1.90"), sel(`${b.id}:1x2:home`, "2.10")],
        });
        expect(Number(await balance(accountId))).toBe(70);
        feed.pushResult(a.id, homeWinOver(a.id));
        await settleEvent(deps, a.id);
        await settleEvent(deps, a.id);
        expect((await ownBet(database.db, playerId, win.id)).bet).toMatchObject({ status: "won" });
        expect((await ownBet(database.db, playerId, lose.id)).bet).toMatchObject({ status: "lost" });
        // The combo waits for its other leg.
        expect((await ownBet(database.db, playerId, combo.id)).bet.status).toBe("open");
        expect(Number(await balance(accountId))).toBe(91);
        feed.pushResult(b.id, homeWinOver(b.id));
        await settleFromFeed(deps);
        await settleFromFeed(deps);
        const c = await ownBet(database.db, playerId, combo.id);
        // 10 × 1.9 × 2.1 = 39.9
        expect([c.bet.status, Number(c.bet.payout)]).toEqual(["won", 39.9]);
        expect(Number(await balance(accountId))).toBe(130.9);
      });

      it("settles a combo as lost at once when a leg loses, without waiting for its other legs", async () => {
        const { playerId, accountId } = await fundedPlayer(database.db, "100");
        const [a, b, c] = [newEvent(), newEvent(), newEvent()];
        const combo = await place(playerId, {
          type: "combo",
          selections: [sel(`${a.id}:1x2:away`, "3.60"), sel(`${b.id}:1x2:home`, "2.10")],
        });
        const other = await place(playerId, {
          type: "combo",
          selections: [sel(`${c.id}:1x2:away`, "3.60"), sel(`${b.id}:1x2:draw`, "3.40")],
        });
        published.length = 0;
        feed.pushResult(a.id, homeWinOver(a.id));
        feed.pushResult(c.id, homeWinOver(c.id));
        // One through the general path, one through a batch.
        await settleEvent(deps, a.id);
        await settleFromFeed(deps);
        for (const id of [combo.id, other.id]) {
          const lost = await ownBet(database.db, playerId, id);
          expect([lost.bet.status, Number(lost.bet.payout), lost.legs.map((l) => l.status)]).toEqual([
            "lost",
            0,
            ["lost", "open"],
          ]);
        }
        const heard = published.filter(
          (p) => p.channel === `game:bets#${playerId}` && p.event === REALTIME_EVENTS.sportBetUpdated,
        );
        expect(heard.map((p) => (p.data as { status: string }).status)).toEqual(["lost", "lost"]);
        // The settled fact is written at once (loyalty, quests see the lost bet now).
        const facts = await database.db
          .select()
          .from(domainFacts)
          .where(eq(domainFacts.key, `bet.settled:sportsbook:sportsbook:bet:${combo.id}`));
        expect(facts).toHaveLength(1);
        // The other leg's result later changes nothing that matters: still lost, nothing paid.
        feed.pushResult(b.id, homeWinOver(b.id));
        await settleEvent(deps, b.id);
        await settleFromFeed(deps);
        const after = (await ownBet(database.db, playerId, combo.id)).bet;
        expect([after.status, Number(after.payout)]).toEqual(["lost", 0]);
        expect(Number(await balance(accountId))).toBe(80);
      });

      it("opens a combo lost early again when a correction turns its lost leg, and pays it when it wins", async () => {
        const { playerId, accountId } = await fundedPlayer(database.db, "100");
        const [a, b] = [newEvent(), newEvent()];
        const combo = await place(playerId, {
          type: "combo",
          selections: [sel(`${a.id}:1x2:away`, "3.60"), sel(`${b.id}:1x2:home`, "2.10")],
        });
        feed.pushResult(a.id, homeWinOver(a.id));
        await settleEvent(deps, a.id);
        expect((await ownBet(database.db, playerId, combo.id)).bet.status).toBe("lost");
        feed.correct(a.id, {
          "1x2": { [`${a.id}:1x2:home`]: "lost", [`${a.id}:1x2:draw`]: "lost", [`${a.id}:1x2:away`]: "won" },
        });
        await settleEvent(deps, a.id);
        const reopened = await ownBet(database.db, playerId, combo.id);
        expect([reopened.bet.status, reopened.bet.payout, reopened.legs.map((l) => l.status)]).toEqual([
          "open",
          null,
          ["won", "open"],
        ]);
        feed.pushResult(b.id, homeWinOver(b.id));
        await settleEvent(deps, b.id);
        // 10 × 3.6 × 2.1 = 75.6, paid once.
        await settleFromFeed(deps);
        const won = (await ownBet(database.db, playerId, combo.id)).bet;
        expect([won.status, Number(won.payout)]).toEqual(["won", 75.6]);
        expect(Number(await balance(accountId))).toBe(90 + 75.6);
      });

      it("settles an event's bets in one batch: the players hear each bet and the balance, one fact each", async () => {
        const one = await fundedPlayer(database.db, "100");
        const two = await fundedPlayer(database.db, "100");
        const a = newEvent();
        const won = await place(one.playerId, { selections: [sel(`${a.id}:1x2:home`, "2.10")] });
        const lost = await place(one.playerId, { selections: [sel(`${a.id}:1x2:draw`, "3.40")] });
        const alsoWon = await place(one.playerId, { selections: [sel(`${a.id}:1x2:home`, "2.10")] });
        const other = await place(two.playerId, { selections: [sel(`${a.id}:1x2:away`, "3.60")] });
        published.length = 0;
        feed.pushResult(a.id, homeWinOver(a.id));
        expect(await settleEvent(deps, a.id)).toBe(4);
        expect(await settleEvent(deps, a.id)).toBe(0);
        expect((await ownBet(database.db, one.playerId, won.id)).bet.status).toBe("won");
        expect((await ownBet(database.db, one.playerId, lost.id)).bet.status).toBe("lost");
        expect((await ownBet(database.db, two.playerId, other.id)).bet.status).toBe("lost");
        // Two wins of one account in one statement: each posting's balance after is the one it left.
        expect(Number(await balance(one.accountId))).toBe(112);
        const wins = await database.db
          .select({ reference: ledgerEntries.reference, after: ledgerPostings.balanceAfter })
          .from(ledgerEntries)
          .innerJoin(ledgerPostings, eq(ledgerPostings.entryId, ledgerEntries.id))
          .where(and(eq(ledgerEntries.kind, "win"), eq(ledgerPostings.walletAccountId, one.accountId)));
        expect(wins.map((w) => Number(w.after)).sort((x, y) => x - y)).toEqual([91, 112]);
        // The players' pages hear the new balance once and each bet.
        const accounts = published.filter((p) => p.channel === `wallet:accounts#${one.playerId}`);
        expect(accounts.map((p) => (p.data as { balance: string }).balance)).toEqual(["112"]);
        const updates = published.filter(
          (p) => p.channel === `game:bets#${one.playerId}` && p.event === REALTIME_EVENTS.sportBetUpdated,
        );
        expect(updates.map((u) => (u.data as { status: string }).status).sort()).toEqual([
          "lost",
          "won",
          "won",
        ]);
        expect(published.some((p) => p.channel === `game:bets#${two.playerId}`)).toBe(true);
        // One bet.settled fact a bet.
        const facts = await database.db
          .select()
          .from(domainFacts)
          .where(
            inArray(
              domainFacts.key,
              [won.id, lost.id, alsoWon.id, other.id].map(
                (id) => `bet.settled:sportsbook:sportsbook:bet:${id}`,
              ),
            ),
          );
        expect(facts).toHaveLength(4);
        const wonFact = facts.find((f) => f.key.endsWith(`:${won.id}`))!;
        expect(wonFact.data).toMatchObject({
          withBonus: false,
          realStake: "10",
          payout: "21",
          currency: "USD",
        });
      });

      it("voids the legs of a cancelled event: a single gets its stake back, a combo counts it as odds 1", async () => {
        const { playerId, accountId } = await fundedPlayer(database.db, "100");
        const a = newEvent();
        const b = newEvent();
        const single = await place(playerId, { selections: [sel(`${a.id}:1x2:home`, "2.10")] });
        const combo = await place(playerId, {
          type: "combo",
          selections: [sel(`${a.id}:1x2:draw`, "3.40"), sel(`${b.id}:1x2:home`, "2.10")],
        });
        feed.cancel(a.id);
        await settleEvent(deps, a.id);
        expect((await ownBet(database.db, playerId, single.id)).bet).toMatchObject({ status: "void" });
        feed.pushResult(b.id, homeWinOver(b.id));
        await settleEvent(deps, b.id);
        const c = await ownBet(database.db, playerId, combo.id);
        expect([c.bet.status, Number(c.bet.payout)]).toEqual(["won", 21]);
        expect(Number(await balance(accountId))).toBe(80 + 10 + 21);
      });

      it("voids open bets on an event the feed dropped once it stayed missing for the configured time, across restarts", async () => {
        const { playerId, accountId } = await fundedPlayer(database.db, "100");
        const [a, b, c] = [newEvent(), newEvent(), newEvent()];
        const single = await place(playerId, { selections: [sel(`${a.id}:1x2:home`, "2.10")] });
        const combo = await place(playerId, {
          type: "combo",
          selections: [sel(`${a.id}:1x2:draw`, "3.40"), sel(`${b.id}:1x2:home`, "2.10")],
        });
        const back = await place(playerId, { selections: [sel(`${c.id}:1x2:home`, "2.10")] });
        const grace = 60_000;
        // Each run is a job of a process of its own: nothing is kept in memory between them.
        const job = () => voidDroppedEvents({ ...deps, rules: { ...deps.rules, droppedEventVoidMs: grace } });
        feed.drop(a.id);
        feed.drop(c.id);
        // First noticed: nothing happens yet, nor before the wait is over.
        expect(await job()).toBe(0);
        clock.advance(grace - 1_000);
        expect(await job()).toBe(0);
        expect((await ownBet(database.db, playerId, single.id)).bet.status).toBe("open");
        // c comes back within the wait: its bet is left alone.
        feed.setEvent(matchEvent(c.id, { startsAt: new Date(clock.now().getTime() + 3_600_000) }));
        clock.advance(2_000);
        // The wait counted from the first run, whatever process ran it (a restart does not start it again).
        expect(await job()).toBe(2);
        expect((await ownBet(database.db, playerId, single.id)).bet).toMatchObject({ status: "void" });
        expect(Number(await balance(accountId))).toBe(70 + 10);
        expect((await ownBet(database.db, playerId, back.id)).bet.status).toBe("open");
        // The combo waits for its other leg, which counts a as odds 1.
        const open = await ownBet(database.db, playerId, combo.id);
        expect([open.bet.status, open.legs.map((l) => l.status)]).toEqual(["open", ["void", "open"]]);
        // Running again changes nothing: the void is final.
        clock.advance(grace * 2);
        expect(await job()).toBe(0);
        feed.pushResult(b.id, homeWinOver(b.id));
        await settleEvent(deps, b.id);
        expect(Number(await balance(accountId))).toBe(70 + 10 + 21);
        // Nothing is left noted: c is back, a is settled.
        expect(await database.db.select().from(sportMissingEvents)).toEqual([]);
      });

      it("waits SPORTSBOOK_DROPPED_EVENT_VOID_HOURS (48 by default) before voiding a dropped event", async () => {
        const { playerId } = await fundedPlayer(database.db, "100");
        const a = newEvent();
        const bet = await place(playerId, { selections: [sel(`${a.id}:1x2:home`, "2.10")] });
        const rules = betRulesOf(loadConfig({}));
        expect(rules.droppedEventVoidMs).toBe(48 * 3_600_000);
        const job = () => voidDroppedEvents({ ...deps, rules });
        feed.drop(a.id);
        expect(await job()).toBe(0);
        clock.advance(47 * 3_600_000);
        expect(await job()).toBe(0);
        expect((await ownBet(database.db, playerId, bet.id)).bet.status).toBe("open");
        clock.advance(3_600_000);
        expect(await job()).toBe(1);
        expect((await ownBet(database.db, playerId, bet.id)).bet.status).toBe("void");
      });

      it("settles half results of an asian line", async () => {
        const { playerId, accountId } = await fundedPlayer(database.db, "100");
        const a = newEvent();
        const half = await place(playerId, { selections: [sel(`${a.id}:total:2.5:over`, "1.90")] });
        const halfLost = await place(playerId, { selections: [sel(`${a.id}:total:2.5:under`, "1.90")] });
        feed.pushResult(a.id, {
          "total:2.5": { [`${a.id}:total:2.5:over`]: "half_won", [`${a.id}:total:2.5:under`]: "half_lost" },
        });
        await settleEvent(deps, a.id);
        expect((await ownBet(database.db, playerId, half.id)).bet).toMatchObject({ status: "half_won" });
        expect((await ownBet(database.db, playerId, halfLost.id)).bet).toMatchObject({ status: "half_lost" });
        // 5 × 1.9 + 5 = 14.5, and 5 back.
        expect(Number(await balance(accountId))).toBe(80 + 14.5 + 5);
      });

      it("settles a system bet as the sum of its combinations", async () => {
        const { playerId, accountId } = await fundedPlayer(database.db, "100");
        const [a, b, c] = [newEvent(), newEvent(), newEvent()];
        const bet = await place(playerId, {
          type: "system",
          systemSize: 2,
          stake: "30",
          selections: [
            sel(`${a.id}:1x2:home`, "2.10"),
            sel(`${b.id}:1x2:home`, "2.10"),
            sel(`${c.id}:1x2:home`, "2.10"),
          ],
        });
        expect(bet).toMatchObject({ odds: null, potentialPayout: "132.3" });
        feed.pushResult(a.id, homeWinOver(a.id));
        feed.pushResult(b.id, homeWinOver(b.id));
        feed.pushResult(c.id, { "1x2": { [`${c.id}:1x2:home`]: "lost" } });
        await settleFromFeed(deps);
        // Only the pair (a, b) won: 10 × 2.1 × 2.1 = 44.1.
        expect((await ownBet(database.db, playerId, bet.id)).bet).toMatchObject({ status: "won" });
        expect(Number(await balance(accountId))).toBe(70 + 44.1);
      });

      it("resettles a corrected result: the first payout is taken back and the new one paid, each once", async () => {
        const { playerId, accountId } = await fundedPlayer(database.db, "100");
        const a = newEvent();
        const home = await place(playerId, { selections: [sel(`${a.id}:1x2:home`, "2.10")] });
        const away = await place(playerId, { selections: [sel(`${a.id}:1x2:away`, "3.60")] });
        feed.pushResult(a.id, homeWinOver(a.id));
        await settleEvent(deps, a.id);
        expect(Number(await balance(accountId))).toBe(80 + 21);
        feed.correct(a.id, {
          "1x2": { [`${a.id}:1x2:home`]: "lost", [`${a.id}:1x2:draw`]: "lost", [`${a.id}:1x2:away`]: "won" },
        });
        await Promise.all([settleEvent(deps, a.id), settleFromFeed(deps)]);
        await settleFromFeed(deps);
        expect((await ownBet(database.db, playerId, home.id)).bet).toMatchObject({ status: "lost" });
        expect((await ownBet(database.db, playerId, away.id)).bet).toMatchObject({ status: "won" });
        expect(Number(await balance(accountId))).toBe(80 + 36);
        const rows = await database.db
          .select()
          .from(sportSettlements)
          .where(eq(sportSettlements.betId, BigInt(home.id)));
        expect(rows.map((r) => [r.revision, r.status, Number(r.payout), Number(r.reversed)])).toEqual([
          [1, "won", 21, 0],
          [2, "lost", 0, 21],
        ]);
        const updates = published.filter(
          (p) => p.channel === `game:bets#${playerId}` && p.event === REALTIME_EVENTS.sportBetUpdated,
        );
        expect(updates.length).toBeGreaterThanOrEqual(4);
      });
    });

    describe("cash-out", () => {
      it("offers stake × placed / fair odds less the margin, and pays no less than the offer accepted", async () => {
        const { playerId, accountId } = await fundedPlayer(database.db, "100");
        const a = newEvent({ total: ["2.00", "2.00"] });
        const bet = await place(playerId, { selections: [sel(`${a.id}:total:2.5:over`, "2.00")] });
        // The price shortens to 1.5 / 3 (fair: 1.5 and 3 over a book of exactly 100 %).
        feed.setPrice(`${a.id}:total:2.5:over`, "1.50");
        feed.setPrice(`${a.id}:total:2.5:under`, "3.00");
        const { bet: row, legs } = await ownBet(database.db, playerId, bet.id);
        const { toSportBet } = await import("./bets");
        const shown = toSportBet(row, legs, { feed, cashOutMargin: 0.05 });
        // 10 × 2 / 1.5 × 0.95 = 12.666… → 12.66
        expect(shown.cashOut).toBe("12.66");
        // The offer fell below what the player accepted: refused, with the offer of now.
        expect(await refusal(cashOut(deps, playerId, bet.id, "13.00"))).toMatchObject({
          code: "cash_out_changed",
          errors: { amount: ["12.66"] },
        });
        // It rose above it (the player saw 12.00 a tick ago): the offer of now is paid.
        const paid = await cashOut(deps, playerId, bet.id, "12.00");
        expect(paid).toMatchObject({ status: "cashed_out", payout: "12.66", cashOut: null });
        expect((await refusal(cashOut(deps, playerId, bet.id, "12.66"))).code).toBe("cash_out_unavailable");
        // The result that comes later pays nothing more.
        feed.pushResult(a.id, homeWinOver(a.id));
        await settleEvent(deps, a.id);
        expect((await ownBet(database.db, playerId, bet.id)).bet.status).toBe("cashed_out");
        expect(Number(await balance(accountId))).toBe(102.66);
      });

      it("offers a system bet the value of its combinations still alive, and pays it once", async () => {
        const { playerId, accountId } = await fundedPlayer(database.db, "100");
        // Books of exactly 100 %: each fair price is the price on offer.
        const [a, b, c] = [0, 1, 2].map(() => newEvent({ prices: ["2.00", "4.00", "4.00"] }));
        const bet = await place(playerId, {
          type: "system",
          systemSize: 2,
          stake: "30",
          selections: [a!, b!, c!].map((e) => sel(`${e.id}:1x2:home`, "2.00")),
        });
        feed.pushResult(a!.id, homeWinOver(a!.id));
        feed.pushResult(c!.id, { "1x2": { [`${c!.id}:1x2:home`]: "lost" } });
        await settleFromFeed(deps);
        // b's home side shortens to 1.50 (6.00 the others: fair 1.50). Only the pair (a, b) is alive:
        // 10 × 2 × 2 / 1.5 × 0.95 = 25.333… → 25.33.
        feed.setPrice(`${b!.id}:1x2:home`, "1.50");
        feed.setPrice(`${b!.id}:1x2:draw`, "6.00");
        feed.setPrice(`${b!.id}:1x2:away`, "6.00");
        const shown = (await ownBet(database.db, playerId, bet.id)).bet;
        const { toSportBet } = await import("./bets");
        const view = toSportBet(shown, (await ownBet(database.db, playerId, bet.id)).legs, {
          feed,
          cashOutMargin: 0.05,
        });
        expect([view.cashOut, view.cashOutMargin]).toEqual(["25.33", 0.05]);
        const paid = await cashOut(deps, playerId, bet.id, "25.33");
        expect(paid).toMatchObject({ status: "cashed_out", payout: "25.33" });
        feed.pushResult(b!.id, homeWinOver(b!.id));
        await settleEvent(deps, b!.id);
        expect((await ownBet(database.db, playerId, bet.id)).bet.status).toBe("cashed_out");
        expect(Number(await balance(accountId))).toBe(70 + 25.33);
      });

      it("is not offered while the market is suspended, and another player's bet is not found", async () => {
        const { playerId } = await fundedPlayer(database.db, "100");
        const other = await fundedPlayer(database.db, "100");
        const a = newEvent();
        const bet = await place(playerId, { selections: [sel(`${a.id}:1x2:home`, "2.10")] });
        feed.setMarketStatus(a.id, "1x2", "suspended");
        expect((await refusal(cashOut(deps, playerId, bet.id, "1"))).code).toBe("cash_out_unavailable");
        expect((await refusal(cashOut(deps, other.playerId, bet.id, "1"))).status).toBe(404);
      });
    });
  });
}
