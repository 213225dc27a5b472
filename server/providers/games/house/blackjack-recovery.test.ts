import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { dealRound, handTotal, isBlackjack } from "#common/house-games";
import { normalizeAmount } from "#common/money";
import { gameTransactions } from "../../../modules/game/tables";
import { describeEachDb } from "../../../test/harness";
import { blackjackAction, blackjackPayout, blackjackStart } from "./blackjack";
import { arrangeDeal, playable } from "./blackjack-test-support";
import { recoverHouseRounds } from "./recovery";
import { ABANDONED, RECOVERY_SECRET, recoveryFixture } from "./test-support";

describeEachDb(
  "blackjack round recovery",
  (ctx) => {
    const f = recoveryFixture(ctx);
    const { call, db, deps, wallet, balanceOf, balanced } = f;
    const roundOf = f.lastRound;
    const failingBet = (when: "before" | "after") => f.failing("bet", when);
    /** A player in a real-money blackjack session the page has opened. */
    async function realPlayer() {
      const p = await f.realPlayer("harbor-blackjack");
      await call({ method: "GET", url: `/api/house/sessions/${p.session}` });
      return p;
    }
    const hard = (max: number) => (s: Parameters<typeof playable>[0]) =>
      playable(s) && handTotal(s.player[0]!.cards).total <= max && !handTotal(s.player[0]!.cards).soft;

    it("a double whose answer was lost after the wallet booked it: the player's retry applies it, staked once", async () => {
      const p = await realPlayer();
      await arrangeDeal(db(), p.session, hard(11));
      await blackjackStart(deps(), p.session, { amount: "10" });
      await expect(
        blackjackAction(deps(failingBet("after")), p.session, { action: "double" }),
      ).rejects.toThrow();
      const half = await roundOf(p.session);
      expect(half.status).toBe("open");
      expect((half.outcome as { pending: unknown }).pending).toMatchObject({ action: "double" });
      expect(await balanceOf(p.accountId)).toBe("80");
      // The page, reloaded, offers only that move.
      const state = await call({ method: "GET", url: `/api/house/sessions/${p.session}` });
      expect(state.body.data.openRound.outcome.legal).toEqual(["double"]);
      // The page sends the same move again: the wallet answers the booked bet, the move applies.
      const done = await blackjackAction(deps(), p.session, { action: "double", hand: 0 });
      expect(done.round).toMatchObject({ status: "settled", bet: "20" });
      expect(done.round.params).toEqual({ actions: ["double"] });
      const bets = await db()
        .select()
        .from(gameTransactions)
        .where(eq(gameTransactions.roundId, `house-${half.id}`));
      expect(bets.filter((t) => t.kind === "bet")).toHaveLength(2);
      expect(Number(await balanceOf(p.accountId))).toBeCloseTo(80 + Number(done.round.payout), 8);
      await balanced(p.accountId);
    });

    it("an abandoned hand with a double half done: the double's stake comes back, the hand stands and is paid", async () => {
      const p = await realPlayer();
      const seeds = await arrangeDeal(db(), p.session, hard(11));
      await blackjackStart(deps(), p.session, { amount: "10" });
      await expect(
        blackjackAction(deps(failingBet("after")), p.session, { action: "double" }),
      ).rejects.toThrow();
      expect(await balanceOf(p.accountId)).toBe("80");
      // While the session lives, nothing happens.
      expect(await recoverHouseRounds(deps(), { staleMs: 0, minesAbandonedMs: 3_600_000 })).toMatchObject({
        stood: 0,
        refunded: 0,
      });
      expect(await recoverHouseRounds(deps(), ABANDONED)).toMatchObject({ stood: 1 });
      expect(await recoverHouseRounds(deps(), ABANDONED)).toMatchObject({ stood: 0, paid: 0, refunded: 0 });
      const r = await roundOf(p.session);
      expect(r.status).toBe("settled");
      expect(r.params).toEqual({ actions: ["stand"] });
      expect((r.outcome as { closedBy?: string }).closedBy).toBe("recovery");
      const state = dealRound("blackjack", seeds, { actions: ["stand"] });
      expect(normalizeAmount(r.payout)).toBe(blackjackPayout(state, "10", "USD"));
      expect(normalizeAmount(r.bet)).toBe("10");
      expect(Number(await balanceOf(p.accountId))).toBeCloseTo(90 + Number(r.payout), 8);
      await balanced(p.accountId);
    });

    it("an abandoned insurance question is declined, the hand stood; a split's hands all stand", async () => {
      const asked = await realPlayer();
      const seeds = await arrangeDeal(
        db(),
        asked.session,
        (s) => s.phase === "insurance" && !isBlackjack(s.dealer) && !isBlackjack(s.player[0]!.cards),
      );
      await blackjackStart(deps(), asked.session, { amount: "10" });
      const split = await realPlayer();
      const splitSeeds = await arrangeDeal(
        db(),
        split.session,
        (s) =>
          playable(s) &&
          s.player[0]!.cards[0]! % 13 === s.player[0]!.cards[1]! % 13 &&
          s.player[0]!.cards[0]! % 13 !== 0,
      );
      await blackjackStart(deps(), split.session, { amount: "10" });
      await blackjackAction(deps(), split.session, { action: "split" });
      expect(await recoverHouseRounds(deps(), ABANDONED)).toMatchObject({ stood: 2 });
      const a = await roundOf(asked.session);
      expect(a.params).toEqual({ actions: ["no-insurance", "stand"] });
      expect(normalizeAmount(a.payout)).toBe(
        blackjackPayout(dealRound("blackjack", seeds, { actions: ["no-insurance", "stand"] }), "10", "USD"),
      );
      const s = await roundOf(split.session);
      const actions = (s.params as { actions: string[] }).actions;
      expect(actions[0]).toBe("split");
      expect(actions.slice(1).every((x) => x === "stand")).toBe(true);
      expect(normalizeAmount(s.bet)).toBe("20");
      const state = dealRound("blackjack", splitSeeds, { actions: actions as never });
      expect(state.phase).toBe("done");
      expect(normalizeAmount(s.payout)).toBe(blackjackPayout(state, "10", "USD"));
      expect(Number(await balanceOf(split.accountId))).toBeCloseTo(80 + Number(s.payout), 8);
      await balanced(asked.accountId);
      await balanced(split.accountId);
    });

    it("a start whose stake never arrived is voided, so the stake cannot land later", async () => {
      const p = await realPlayer();
      await arrangeDeal(db(), p.session, playable);
      await expect(blackjackStart(deps(failingBet("before")), p.session, { amount: "7" })).rejects.toThrow();
      const r = await roundOf(p.session);
      expect(r.status).toBe("open");
      expect(await recoverHouseRounds(deps(), ABANDONED)).toMatchObject({ refunded: 1 });
      expect((await roundOf(p.session)).status).toBe("refunded");
      const late = await wallet()("bet", {
        token: p.session,
        transactionId: `house-${r.id}-bet`,
        roundId: `house-${r.id}`,
        amount: "7",
        currency: "USD",
      });
      expect(late.status).toBe("RS_ERROR_DUPLICATE_TRANSACTION");
      expect(await balanceOf(p.accountId)).toBe("100");
    });

    it("a start whose answer was lost after booking: the next move confirms it and play goes on", async () => {
      const p = await realPlayer();
      await arrangeDeal(db(), p.session, playable);
      await expect(blackjackStart(deps(failingBet("after")), p.session, { amount: "7" })).rejects.toThrow();
      expect(await balanceOf(p.accountId)).toBe("93");
      const stood = await blackjackAction(deps(), p.session, { action: "stand" });
      expect(stood.round.status).toBe("settled");
      expect(Number(await balanceOf(p.accountId))).toBeCloseTo(93 + Number(stood.round.payout), 8);
      await balanced(p.accountId);
    });
  },
  { env: { HOUSE_GAMES_SECRET: RECOVERY_SECRET } },
);
