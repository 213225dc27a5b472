import { expect, it } from "vitest";
import { minesMultiplier, payout } from "#common/house-games";
import { normalizeAmount } from "#common/money";
import { describeEachDb } from "../../../test/harness";
import { recoverHouseRounds } from "./recovery";
import { minesReveal, minesStart, play } from "./service";
import { ABANDONED, RECOVERY_SECRET, recoveryFixture } from "./test-support";

describeEachDb(
  "house round recovery",
  (ctx) => {
    const { call, deps, wallet, failing, realPlayer, balanceOf, lastRound, balanced } = recoveryFixture(ctx);

    it("pays a round whose win was lost on the way, once however often it runs", async () => {
      const p = await realPlayer("harbor-dice");
      const roll = { amount: "10", dice: { target: 50, direction: "over" as const } };
      await expect(play(deps(failing("win", "before")), p.session, roll)).rejects.toThrow();
      const round = await lastRound(p.session);
      // Open until paid: the stake's booking is the wallet's to say (decision 0074).
      expect(round.status).toBe("open");
      expect(await balanceOf(p.accountId)).toBe("90");
      expect(await recoverHouseRounds(deps(), ABANDONED)).toMatchObject({ paid: 1 });
      expect(await recoverHouseRounds(deps(), ABANDONED)).toMatchObject({ paid: 0, refunded: 0 });
      expect((await lastRound(p.session)).status).toBe("settled");
      expect(Number(await balanceOf(p.accountId))).toBeCloseTo(90 + Number(round.payout), 8);
      await balanced(p.accountId);
    });

    it("pays a baccarat round whose win was lost: every staked spot's share, once", async () => {
      const p = await realPlayer("harbor-baccarat");
      const bets = { amount: "10", baccarat: { bets: { player: "4", banker: "5", tie: "1" } } };
      await expect(play(deps(failing("win", "before")), p.session, bets)).rejects.toThrow();
      const round = await lastRound(p.session);
      expect(round.status).toBe("open");
      const winner = (round.outcome as { winner: "player" | "banker" | "tie" }).winner;
      expect(normalizeAmount(round.payout)).toBe({ player: "8", banker: "9.75", tie: "18" }[winner]);
      expect(await recoverHouseRounds(deps(), ABANDONED)).toMatchObject({ paid: 1 });
      expect(await recoverHouseRounds(deps(), ABANDONED)).toMatchObject({ paid: 0, refunded: 0 });
      expect(Number(await balanceOf(p.accountId))).toBeCloseTo(90 + Number(round.payout), 8);
      await balanced(p.accountId);
    });

    it("pays a round that died after its stake was booked what was drawn for it, once", async () => {
      // A few spins, so that both a win and a loss (a win of 0 closing the round) are recovered.
      for (let spin = 0; spin < 6; spin++) {
        const p = await realPlayer("harbor-fortune");
        await expect(play(deps(failing("bet", "after")), p.session, { amount: "7" })).rejects.toThrow();
        const round = await lastRound(p.session);
        expect(round.status).toBe("open");
        expect(await balanceOf(p.accountId)).toBe("93");
        expect(await recoverHouseRounds(deps(), ABANDONED)).toMatchObject({ paid: 1, refunded: 0 });
        expect(await recoverHouseRounds(deps(), ABANDONED)).toMatchObject({ paid: 0, refunded: 0 });
        expect((await lastRound(p.session)).status).toBe("settled");
        expect(Number(await balanceOf(p.accountId))).toBeCloseTo(93 + Number(round.payout), 8);
        await balanced(p.accountId);
      }
    });

    it("voids a round whose stake was rolled back before recovery came: the stake comes back once", async () => {
      const p = await realPlayer("harbor-fortune");
      await expect(play(deps(failing("bet", "after")), p.session, { amount: "7" })).rejects.toThrow();
      const round = await lastRound(p.session);
      const undone = await wallet()("rollback", {
        token: p.session,
        transactionId: `house-${round.id}-rollback`,
        referenceTransactionId: `house-${round.id}-bet`,
        roundId: `house-${round.id}`,
      });
      expect(undone.status).toBe("RS_OK");
      expect(await recoverHouseRounds(deps(), ABANDONED)).toMatchObject({ paid: 0, refunded: 1 });
      expect((await lastRound(p.session)).status).toBe("refunded");
      expect(await balanceOf(p.accountId)).toBe("100");
      await balanced(p.accountId);
    });

    it("voids a round whose stake never arrived, so the stake cannot land later", async () => {
      const p = await realPlayer("harbor-fortune");
      await expect(play(deps(failing("bet", "before")), p.session, { amount: "7" })).rejects.toThrow();
      const round = await lastRound(p.session);
      expect(await recoverHouseRounds(deps(), ABANDONED)).toMatchObject({ paid: 0, refunded: 1 });
      expect((await lastRound(p.session)).status).toBe("refunded");
      const late = await wallet()("bet", {
        token: p.session,
        transactionId: `house-${round.id}-bet`,
        roundId: `house-${round.id}`,
        amount: "7",
        currency: "USD",
      });
      expect(late.status).toBe("RS_ERROR_DUPLICATE_TRANSACTION");
      expect(await balanceOf(p.accountId)).toBe("100");
    });

    it("leaves a wallet's definite no as refused, with nothing to recover", async () => {
      const p = await realPlayer("harbor-fortune");
      await expect(play(deps(), p.session, { amount: "500" })).rejects.toMatchObject({
        code: "not_enough_money",
      });
      expect((await lastRound(p.session)).status).toBe("refused");
      expect(await recoverHouseRounds(deps(), ABANDONED)).toMatchObject({ refunded: 0, paid: 0 });
    });

    it("finishes abandoned mines rounds once their session is over: cashed out, or refunded with no tile opened", async () => {
      const opened = await realPlayer("reef-mines");
      const start = await minesStart(deps(), opened.session, { amount: "10", mines: { mines: 1 } });
      const mines = (await lastRound(opened.session)).outcome.mines as number[];
      const safe = [...Array(25).keys()].find((t) => !mines.includes(t))!;
      await minesReveal(deps(), opened.session, safe);
      const untouched = await realPlayer("reef-mines");
      await minesStart(deps(), untouched.session, { amount: "10", mines: { mines: 3 } });
      // Still within the session's life: nothing happens.
      expect(await recoverHouseRounds(deps(), { staleMs: 0, minesAbandonedMs: 3_600_000 })).toMatchObject({
        cashedOut: 0,
        refunded: 0,
      });
      expect(await recoverHouseRounds(deps(), ABANDONED)).toMatchObject({ cashedOut: 1, refunded: 1 });
      const won = payout("10", minesMultiplier(1, 1), 2);
      expect(start.round.status).toBe("open");
      expect((await lastRound(opened.session)).status).toBe("settled");
      expect(Number(await balanceOf(opened.accountId))).toBeCloseTo(90 + Number(won), 8);
      expect((await lastRound(untouched.session)).status).toBe("refunded");
      expect(await balanceOf(untouched.accountId)).toBe("100");
      await balanced(opened.accountId);
      await balanced(untouched.accountId);
    });

    it("closes an abandoned demo round with its demo credits returned, once however often it runs", async () => {
      const launch = await call({ url: "/api/game/games/reef-mines/play", body: {} });
      const token = launch.body.data.sessionId as string;
      const demoBalance = async () =>
        (await call({ method: "GET", url: `/api/house/sessions/${token}` })).body.data.balance;
      expect(await demoBalance()).toBe("1000");
      await minesStart(deps(), token, { amount: "25", mines: { mines: 3 } });
      expect(await demoBalance()).toBe("975");
      await recoverHouseRounds(deps(), ABANDONED);
      expect((await lastRound(token)).status).toBe("refunded");
      expect(await demoBalance()).toBe("1000");
      await recoverHouseRounds(deps(), ABANDONED);
      expect(await demoBalance()).toBe("1000");
    });
  },
  { env: { HOUSE_GAMES_SECRET: RECOVERY_SECRET } },
);
