import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { baccaratPayout, dealRound, kenoMultiplier, payout } from "#common/house-games";
import { addAmounts } from "#common/money";
import { commitment } from "#common/provably-fair";
import { playerInRealGame } from "../../../modules/game/test-support";
import { caller } from "../../../modules/player/test-support";
import { ledgerSum } from "../../../modules/wallet";
import { walletAccounts } from "../../../modules/wallet/tables";
import { describeEachDb } from "../../../test/harness";
import { houseRounds } from "./tables";

describeEachDb("baccarat and keno through the seamless wallet", (ctx) => {
  const player = caller(() => ctx().app);
  const { call } = player;
  const db = () => ctx().database.db;

  async function realPlayer(game: string, balance = "100") {
    const p = await playerInRealGame(player, db(), game, balance);
    return { accountId: p.accountId, session: p.sessionId };
  }
  const balanceOf = async (id: bigint) =>
    (await db().select().from(walletAccounts).where(eq(walletAccounts.id, id)))[0]!.balance;
  const play = (session: string, body: unknown) => call({ url: `/api/house/sessions/${session}/play`, body });
  const stateOf = async (session: string) =>
    (await call({ method: "GET", url: `/api/house/sessions/${session}` })).body.data;

  it("baccarat: a round with bets on two spots pays each spot exactly through the wallet, and verifies from the seeds", async () => {
    const p = await realPlayer("harbor-baccarat");
    const { serverSeedHash, clientSeed } = (await stateOf(p.session)).seeds;
    const bets = { player: "3.5", tie: "0.25" };
    const rounds = [];
    for (let i = 0; i < 6; i++) {
      const r = await play(p.session, { amount: "3.75", baccarat: { bets } });
      expect(r.status).toBe(200);
      rounds.push(r.body.data.round);
    }
    for (const r of rounds) {
      expect(r).toMatchObject({ engine: "baccarat", status: "settled", bet: "3.75", params: { bets } });
      // The payout is the spots' own, e.g. a tie returns the player stake and pays the tie 8:1.
      expect(r.payout).toBe(baccaratPayout(bets, r.outcome.winner, 2));
      expect(Object.keys(r.outcome.returns).sort()).toEqual(["player", "tie"]);
    }
    const expected = addAmounts("100", ...rounds.map((r) => addAmounts(r.payout, "-3.75")));
    expect(Number(await balanceOf(p.accountId))).toBe(Number(expected));
    expect(Number(await ledgerSum(db(), p.accountId))).toBe(Number(expected));

    // Rotating reveals the seed: every hand deals again from the seeds alone, card for card.
    const rotated = await call({ url: `/api/house/sessions/${p.session}/seeds/rotate`, body: {} });
    const { serverSeed } = rotated.body.data.previous;
    expect(commitment(serverSeed)).toBe(serverSeedHash);
    for (const r of rounds) {
      const again = dealRound("baccarat", { serverSeed, clientSeed, nonce: r.nonce }, { bets });
      expect(again).toEqual({
        player: r.outcome.player,
        banker: r.outcome.banker,
        playerTotal: r.outcome.playerTotal,
        bankerTotal: r.outcome.bankerTotal,
        winner: r.outcome.winner,
      });
    }
  });

  it("baccarat: stakes that are missing, not positive or not adding up to the amount are 422 and change nothing", async () => {
    const p = await realPlayer("harbor-baccarat", "50");
    const before = await stateOf(p.session);
    const refusals: [unknown, string][] = [
      [{ amount: "5", baccarat: { bets: {} } }, "baccarat.bets"],
      [{ amount: "5" }, "baccarat.bets"],
      [{ amount: "5", baccarat: { bets: { player: "2", banker: "2" } } }, "baccarat.bets"],
      [{ amount: "5", baccarat: { bets: { player: "5", tie: "0" } } }, "baccarat.bets.tie"],
      [{ amount: "5", baccarat: { bets: { banker: "-1", player: "6" } } }, "baccarat.bets.banker"],
      [{ amount: "5", baccarat: { bets: { player: "five" } } }, "baccarat.bets.player"],
      [{ amount: "20000", baccarat: { bets: { player: "20000" } } }, "amount"],
    ];
    for (const [body, field] of refusals) {
      const r = await play(p.session, body);
      expect([r.status, r.body.code], JSON.stringify(body)).toEqual([422, "validation_error"]);
      expect(Object.keys(r.body.errors)).toContain(field);
    }
    // More than the balance: the wallet's refusal, nothing booked.
    const broke = await play(p.session, { amount: "60", baccarat: { bets: { banker: "60" } } });
    expect([broke.status, broke.body.code]).toEqual([402, "not_enough_money"]);
    expect(Number(await balanceOf(p.accountId))).toBe(50);
    const after = await stateOf(p.session);
    // Only the wallet's refusal drew a nonce (its round is recorded as refused); the 422s drew none.
    expect(after.seeds.nonce).toBe(before.seeds.nonce + 1);
    const rows = await db().select().from(houseRounds).where(eq(houseRounds.token, p.session));
    expect(rows.map((r) => r.status)).toEqual(["refused"]);
  });

  it("keno: the picks' hits pay the risk's table through the wallet, and the draw verifies from the seeds", async () => {
    const p = await realPlayer("tide-keno");
    const { clientSeed } = (await stateOf(p.session)).seeds;
    const picks = [3, 7, 11, 19, 23, 31, 40];
    const rounds = [];
    for (let i = 0; i < 6; i++) {
      const r = await play(p.session, { amount: "2", keno: { picks, risk: "medium" } });
      expect(r.status).toBe(200);
      rounds.push(r.body.data.round);
    }
    for (const r of rounds) {
      expect(r.outcome.drawn).toHaveLength(10);
      expect(r.outcome.hits).toEqual(picks.filter((n) => r.outcome.drawn.includes(n)));
      expect(r.payout).toBe(payout("2", kenoMultiplier("medium", 7, r.outcome.hits.length), 2));
    }
    const expected = addAmounts("100", ...rounds.map((r) => addAmounts(r.payout, "-2")));
    expect(Number(await balanceOf(p.accountId))).toBe(Number(expected));
    expect(Number(await ledgerSum(db(), p.accountId))).toBe(Number(expected));
    const { serverSeed } = (await call({ url: `/api/house/sessions/${p.session}/seeds/rotate`, body: {} }))
      .body.data.previous;
    for (const r of rounds)
      expect(
        dealRound("keno", { serverSeed, clientSeed, nonce: r.nonce }, { picks, risk: "medium" }).drawn,
      ).toEqual(r.outcome.drawn);
  });

  it("keno: picks out of range, repeated or too many, and unknown risks are 422 and change nothing", async () => {
    const p = await realPlayer("tide-keno", "10");
    const before = await stateOf(p.session);
    const refusals: [unknown, string][] = [
      [{ amount: "1", keno: { picks: [], risk: "low" } }, "keno.picks"],
      [{ amount: "1", keno: { picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], risk: "low" } }, "keno.picks"],
      [{ amount: "1", keno: { picks: [5, 5], risk: "low" } }, "keno.picks"],
      [{ amount: "1", keno: { picks: [0, 41], risk: "low" } }, "keno.picks"],
      [{ amount: "1", keno: { picks: [2.5], risk: "low" } }, "keno.picks"],
      [{ amount: "1", keno: { picks: [1, 2], risk: "extreme" } }, "keno.risk"],
      [{ amount: "1" }, "keno.picks"],
      [{ amount: "0", keno: { picks: [1], risk: "low" } }, "amount"],
    ];
    for (const [body, field] of refusals) {
      const r = await play(p.session, body);
      expect([r.status, r.body.code], JSON.stringify(body)).toEqual([422, "validation_error"]);
      expect(Object.keys(r.body.errors)).toContain(field);
    }
    expect(Number(await balanceOf(p.accountId))).toBe(10);
    expect((await stateOf(p.session)).seeds.nonce).toBe(before.seeds.nonce);
    expect(await db().select().from(houseRounds).where(eq(houseRounds.token, p.session))).toEqual([]);
  });

  it("plays baccarat on demo credits: a studio's skin launches the engine", async () => {
    const launch = await call({ url: "/api/game/games/northwind-baccarat-royale/play", body: {} });
    const token = launch.body.data.sessionId;
    expect((await stateOf(token)).engine).toBe("baccarat");
    const r = await play(token, { amount: "10", baccarat: { bets: { banker: "10" } } });
    expect(r.body.data.balance).toBe(addAmounts("990", r.body.data.round.payout));
    expect(["0", "19.5", "10"]).toContain(r.body.data.round.payout);
  });
});
