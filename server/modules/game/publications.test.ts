import { expect, it } from "vitest";
import { playerChannel, REALTIME_EVENTS, type RealtimeEvent } from "#common/realtime";
import { systemClock } from "../../lib/clock";
import { describeEachDb } from "../../test/harness";
import { gameBonuses } from "../bonus";
import type { BetLimits } from "../limits";
import { caller } from "../player/test-support";
import { walletBet, walletWin } from "./seamless-wallet";
import { playerInRealGame } from "./test-support";

describeEachDb("game publications", (ctx) => {
  const player = caller(() => ctx().app);

  async function setup() {
    const p = await playerInRealGame(player, ctx().database.db, "harbor-fortune", "50");
    const sent: [string, RealtimeEvent][] = [];
    const publisher = { publish: async (ch: string, ev: RealtimeEvent) => void sent.push([ch, ev]) };
    return { session: p.sessionId, playerId: String(p.playerId), sent, publisher };
  }

  it("announces bet.placebet on game:bets, the spin on game:spins and the balance on wallet:accounts", async () => {
    const s = await setup();
    const deps = {
      db: ctx().database.db,
      clock: systemClock,
      publisher: s.publisher,
      betLimits: { check: async () => ({ ok: true }) } as BetLimits,
      bonuses: gameBonuses,
    };
    const tx = `pub-${s.session}`;
    await walletBet(deps, "house", {
      token: s.session,
      transactionId: tx,
      roundId: tx,
      amount: "5",
      currency: "USD",
    });
    await walletWin(deps, "house", {
      token: s.session,
      transactionId: `${tx}-w`,
      referenceTransactionId: tx,
      roundId: tx,
      amount: "7",
      currency: "USD",
    });
    expect(s.sent.map(([ch, ev]) => [ch, ev.event])).toEqual([
      [playerChannel("accounts", s.playerId), "account.updated"],
      [playerChannel("bets", s.playerId), REALTIME_EVENTS.betPlaced],
      [playerChannel("accounts", s.playerId), "account.updated"],
      [playerChannel("spins", s.playerId), "spin"],
    ]);
    expect(s.sent[1]![1].data).toMatchObject({ amount: "5", currency: "USD", balance: "45" });
    expect(s.sent[3]![1].data).toMatchObject({ betAmount: "5", winAmount: "7", status: 2 });
  });

  it("answers RS_ERROR_LIMIT_REACHED and announces game.bet.max.exceed or game.bet.restricted when a limit stops a bet", async () => {
    const s = await setup();
    let verdict: Awaited<ReturnType<BetLimits["check"]>> = { ok: false, reason: "max_exceeded", maxBet: "2" };
    const deps = {
      db: ctx().database.db,
      clock: systemClock,
      publisher: s.publisher,
      betLimits: { check: async () => verdict },
      bonuses: gameBonuses,
    };
    const bet = (id: string) =>
      walletBet(deps, "house", {
        token: s.session,
        transactionId: id,
        roundId: id,
        amount: "5",
        currency: "USD",
      });
    expect(await bet(`lim1-${s.session}`)).toMatchObject({ status: "RS_ERROR_LIMIT_REACHED", balance: "50" });
    verdict = { ok: false, reason: "restricted" };
    expect((await bet(`lim2-${s.session}`)).status).toBe("RS_ERROR_LIMIT_REACHED");
    expect(s.sent.map(([, ev]) => ev.event)).toEqual([
      REALTIME_EVENTS.betMaxExceeded,
      REALTIME_EVENTS.betRestricted,
    ]);
    expect(s.sent[0]![1].data).toMatchObject({ maxBet: "2", currency: "USD" });
  });
});
