import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { diceRoll, minePositions, playSlot } from "#common/house-games";
import { commitment, floats, streamOf } from "#common/provably-fair";
import { playerInRealGame } from "../../../modules/game/test-support";
import { caller } from "../../../modules/player/test-support";
import { ledgerSum } from "../../../modules/wallet";
import { walletAccounts } from "../../../modules/wallet/tables";
import { describeEachDb } from "../../../test/harness";

describeEachDb("built-in house games through the seamless wallet", (ctx) => {
  const player = caller(() => ctx().app);
  const { call } = player;
  const db = () => ctx().database.db;

  async function realPlayer(game: string, balance = "100") {
    const p = await playerInRealGame(player, db(), game, balance);
    return { token: p.accessToken, accountId: p.accountId, session: p.sessionId };
  }
  const balanceOf = async (id: bigint) =>
    Number((await db().select().from(walletAccounts).where(eq(walletAccounts.id, id)))[0]!.balance);

  it("plays dice for real: the wallet moves, the spin is in the history, the round verifies from the seeds", async () => {
    const p = await realPlayer("harbor-dice");
    const state = await call({ method: "GET", url: `/api/house/sessions/${p.session}` });
    expect(state.body.data).toMatchObject({ engine: "dice", mode: "real", currency: "USD", balance: "100" });
    const { serverSeedHash, clientSeed } = state.body.data.seeds;
    const rounds = [];
    for (let i = 0; i < 5; i++) {
      const r = await call({
        url: `/api/house/sessions/${p.session}/play`,
        body: { amount: "2", dice: { target: 50, direction: "over" } },
      });
      expect(r.status).toBe(200);
      rounds.push(r.body.data);
    }
    const paid = rounds.reduce((s, r) => s + Number(r.round.payout), 0);
    expect(await balanceOf(p.accountId)).toBeCloseTo(100 - 10 + paid, 8);
    expect(Number(rounds[4].balance)).toBeCloseTo(100 - 10 + paid, 8);
    expect(Number(await ledgerSum(db(), p.accountId))).toBe(await balanceOf(p.accountId));
    const spins = await call({ method: "GET", url: "/api/game/spins?page=1&perPage=10", token: p.token });
    expect(spins.body.meta.totalRows).toBe(5);
    expect(spins.body.data[0]).toMatchObject({
      betAmount: "2",
      currency: "USD",
      game: { slug: "harbor-dice" },
    });
    // Rotation reveals the seed the rounds were played on; each roll recomputes from it.
    const rotated = await call({
      url: `/api/house/sessions/${p.session}/seeds/rotate`,
      body: { clientSeed: "mine" },
    });
    const { serverSeed } = rotated.body.data.previous;
    expect(commitment(serverSeed)).toBe(serverSeedHash);
    expect(rotated.body.data.current).toMatchObject({ clientSeed: "mine", nonce: 0 });
    for (const r of rounds) {
      expect(diceRoll(floats({ serverSeed, clientSeed, nonce: r.round.nonce }, 1)[0]!)).toBe(
        r.round.outcome.roll,
      );
      const check = await call({
        method: "GET",
        url: `/api/house/sessions/${p.session}/rounds/${r.round.id}`,
      });
      expect(check.body.data.seeds).toMatchObject({ serverSeed, clientSeed, nonce: r.round.nonce });
    }
    const winners = await call({ method: "GET", url: "/api/game/spins/winners" });
    expect(Array.isArray(winners.body.data)).toBe(true);
    if (paid > 0)
      expect(winners.body.data[0]).toMatchObject({ game: { slug: "harbor-dice" }, currency: "USD" });
  });

  it("refuses a bet beyond the balance and leaves it alone", async () => {
    const p = await realPlayer("harbor-fortune", "1");
    const r = await call({ url: `/api/house/sessions/${p.session}/play`, body: { amount: "5" } });
    expect([r.status, r.body.code]).toEqual([402, "not_enough_money"]);
    expect(await balanceOf(p.accountId)).toBe(1);
  });

  it.each([
    ["harbor-dice", { dice: { target: 99.5, direction: "under" } }, "dice.target"],
    ["harbor-dice", { dice: { target: 50, direction: "sideways" } }, "dice.direction"],
    ["lighthouse-limbo", { limbo: { target: 1 } }, "limbo.target"],
    ["plinko-tide", { plinko: { rows: 9, risk: "low" } }, "plinko"],
  ])("refuses %s with %j as 422 naming %s, before drawing a nonce", async (slug, choices, field) => {
    const p = await realPlayer(slug, "10");
    const seedsOf = async () =>
      (await call({ method: "GET", url: `/api/house/sessions/${p.session}` })).body.data.seeds;
    const before = await seedsOf();
    const r = await call({ url: `/api/house/sessions/${p.session}/play`, body: { amount: "1", ...choices } });
    expect([r.status, r.body.code]).toEqual([422, "validation_error"]);
    expect(Object.keys(r.body.errors)).toEqual([field]);
    // The next bet is still played on the nonce the refused one would have used.
    expect((await seedsOf()).nonce).toBe(before.nonce);
    expect(await balanceOf(p.accountId)).toBe(10);
  });

  it("spins a demo slot on demo credits without touching any wallet, and verifies its reels", async () => {
    const launch = await call({ url: "/api/game/games/harbor-fortune/play", body: {} });
    const token = launch.body.data.sessionId;
    const state = await call({ method: "GET", url: `/api/house/sessions/${token}` });
    expect(state.body.data).toMatchObject({ mode: "demo", balance: "1000", currency: "FUN" });
    const spin = await call({ url: `/api/house/sessions/${token}/play`, body: { amount: "1" } });
    expect(spin.body.data.round.outcome.grid).toHaveLength(3);
    expect(Number(spin.body.data.balance)).toBeCloseTo(999 + Number(spin.body.data.round.payout), 8);
    const { previous } = (await call({ url: `/api/house/sessions/${token}/seeds/rotate`, body: {} })).body
      .data;
    const again = playSlot(streamOf({ ...previous, nonce: spin.body.data.round.nonce }));
    expect(again.stops).toEqual(spin.body.data.round.outcome.stops);
  });

  it("plays mines: the mines stay secret until the round ends, cash-out pays, seeds cannot rotate meanwhile", async () => {
    const p = await realPlayer("reef-mines");
    const start = await call({
      url: `/api/house/sessions/${p.session}/mines/start`,
      body: { amount: "10", mines: { mines: 3 } },
    });
    expect(start.status).toBe(200);
    expect(start.body.data.round.outcome.mines).toBeUndefined();
    expect((await call({ url: `/api/house/sessions/${p.session}/seeds/rotate`, body: {} })).status).toBe(409);
    expect(await balanceOf(p.accountId)).toBe(90);
    // Find a safe tile by revealing the seeds only after the round: here we open tiles until one is safe or lost.
    const reveal = await call({ url: `/api/house/sessions/${p.session}/mines/reveal`, body: { tile: 0 } });
    const round = reveal.body.data.round;
    if (round.status === "settled") {
      expect(round.outcome.mines).toContain(0);
      expect(await balanceOf(p.accountId)).toBe(90);
    } else {
      const cash = await call({ url: `/api/house/sessions/${p.session}/mines/cashout`, body: {} });
      expect(cash.body.data.round.outcome.multiplier).toBe("1.125");
      expect(await balanceOf(p.accountId)).toBeCloseTo(101.25, 8);
      const { previous } = (await call({ url: `/api/house/sessions/${p.session}/seeds/rotate`, body: {} }))
        .body.data;
      expect(minePositions(streamOf({ ...previous, nonce: round.nonce }), 3)).toEqual(
        cash.body.data.round.outcome.mines,
      );
    }
    expect(Number(await ledgerSum(db(), p.accountId))).toBe(await balanceOf(p.accountId));
  });
});
