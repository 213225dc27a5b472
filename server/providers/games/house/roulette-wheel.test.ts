import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  playRoulette,
  playWheel,
  type RouletteBet,
  rouletteCovers,
  WHEEL_PAYTABLE,
} from "#common/house-games";
import { addAmounts, compareAmounts, negate } from "#common/money";
import { streamOf } from "#common/provably-fair";
import { playerInRealGame } from "../../../modules/game/test-support";
import { caller } from "../../../modules/player/test-support";
import { ledgerSum } from "../../../modules/wallet";
import { walletAccounts } from "../../../modules/wallet/tables";
import { describeEachDb } from "../../../test/harness";
import { houseRounds, houseSeedPairs } from "./tables";

describeEachDb("roulette and the wheel through the seamless wallet", (ctx) => {
  const player = caller(() => ctx().app);
  const { call } = player;
  const db = () => ctx().database.db;

  async function realPlayer(game: string, balance = "100") {
    const p = await playerInRealGame(player, db(), game, balance);
    return { accountId: p.accountId, session: p.sessionId };
  }
  const balanceOf = async (id: bigint) =>
    (await db().select().from(walletAccounts).where(eq(walletAccounts.id, id)))[0]!.balance;

  const BETS: RouletteBet[] = [
    { kind: "straight", numbers: [17], amount: "1" },
    { kind: "split", numbers: [20, 17], amount: "0.5" },
    { kind: "corner", numbers: [1, 2, 4, 5], amount: "0.25" },
    { kind: "street", numbers: [34, 35, 36], amount: "0.75" },
    { kind: "basket", numbers: [0, 1, 2, 3], amount: "1" },
    { kind: "red", amount: "2" },
    { kind: "odd", amount: "1.5" },
    { kind: "dozen", target: 2, amount: "1" },
    { kind: "column", target: 3, amount: "1" },
  ];
  const STAKE = "9";

  it("a spin of several bets stakes their sum and pays exactly each winning bet × its odds, through the wallet", async () => {
    const p = await realPlayer("harbor-roulette");
    let expected = "100";
    for (let spin = 0; spin < 6; spin++) {
      const r = await call({
        url: `/api/house/sessions/${p.session}/play`,
        body: { amount: STAKE, roulette: { bets: BETS } },
      });
      expect(r.status).toBe(200);
      const round = r.body.data.round;
      expect(round).toMatchObject({ engine: "roulette", bet: STAKE, status: "settled" });
      // The same pocket from the seeds (the server seed is not revealed yet: read it from the provider's table).
      const [row] = await db()
        .select()
        .from(houseRounds)
        .where(eq(houseRounds.id, Number(round.id)));
      const [seedPair] = await db()
        .select()
        .from(houseSeedPairs)
        .where(eq(houseSeedPairs.id, row!.seedPairId));
      const again = playRoulette(
        streamOf({ serverSeed: seedPair!.serverSeed, clientSeed: seedPair!.clientSeed, nonce: round.nonce }),
        BETS,
      );
      expect(round.outcome.pocket).toBe(again.pocket);
      // Each bet on its own: its amount × (odds + 1) when the pocket is one of its numbers.
      const returns = {
        straight: 36,
        split: 18,
        corner: 9,
        street: 12,
        basket: 9,
        red: 2,
        odd: 2,
        dozen: 3,
        column: 3,
      };
      const paid = BETS.filter((b) => rouletteCovers(b)!.includes(again.pocket)).map((b) =>
        String(Number(b.amount) * returns[b.kind as keyof typeof returns]),
      );
      const payout = addAmounts("0", ...paid);
      expect(round.payout).toBe(payout);
      expect(round.params.bets[1]).toEqual({ kind: "split", numbers: [17, 20], amount: "0.5" });
      expected = addAmounts(expected, negate(STAKE), payout);
      expect(compareAmounts(await balanceOf(p.accountId), expected)).toBe(0);
      expect(compareAmounts(r.body.data.balance, expected)).toBe(0);
    }
    expect(compareAmounts(await ledgerSum(db(), p.accountId), await balanceOf(p.accountId))).toBe(0);
  });

  it.each([
    [
      "a split of two numbers that do not touch",
      { bets: [{ kind: "split", numbers: [1, 5], amount: "1" }] },
      "1",
      "roulette.bets.0",
    ],
    ["a dozen 4", { bets: [{ kind: "dozen", target: 4, amount: "1" }] }, "1", "roulette.bets.0"],
    ["an unknown kind", { bets: [{ kind: "orphans", numbers: [1], amount: "1" }] }, "1", "roulette.bets.0"],
    ["a bet of 0", { bets: [{ kind: "red", amount: "0" }] }, "0.01", "roulette.bets.0.amount"],
    ["a cent's fraction", { bets: [{ kind: "red", amount: "0.005" }] }, "0.005", "roulette.bets.0.amount"],
    [
      "a stake that is not the bets' sum",
      {
        bets: [
          { kind: "red", amount: "1" },
          { kind: "black", amount: "1" },
        ],
      },
      "1",
      "amount",
    ],
    ["no bets", { bets: [] }, "1", "roulette.bets"],
    [
      "a spin over the house's limit",
      {
        bets: [
          { kind: "red", amount: "6000" },
          { kind: "black", amount: "6000" },
        ],
      },
      "12000",
      "amount",
    ],
  ])("refuses %s with 422 naming the field, and changes nothing", async (_what, roulette, amount, field) => {
    const p = await realPlayer("harbor-roulette");
    const before = await call({ method: "GET", url: `/api/house/sessions/${p.session}` });
    const r = await call({ url: `/api/house/sessions/${p.session}/play`, body: { amount, roulette } });
    expect([r.status, r.body.code]).toEqual([422, "validation_error"]);
    expect(Object.keys(r.body.errors)).toContain(field);
    expect(compareAmounts(await balanceOf(p.accountId), "100")).toBe(0);
    expect(await db().select().from(houseRounds).where(eq(houseRounds.token, p.session))).toEqual([]);
    const after = await call({ method: "GET", url: `/api/house/sessions/${p.session}` });
    expect(after.body.data.seeds).toEqual(before.body.data.seeds);
  });

  it("spins the wheel for real, pays its segment's multiplier, and refuses a wheel it does not have", async () => {
    const p = await realPlayer("helm-wheel");
    const r = await call({
      url: `/api/house/sessions/${p.session}/play`,
      body: { amount: "10", wheel: { segments: 30, risk: "medium" } },
    });
    expect(r.status).toBe(200);
    const round = r.body.data.round;
    expect(round.params).toEqual({ segments: 30, risk: "medium" });
    const rotated = await call({ url: `/api/house/sessions/${p.session}/seeds/rotate`, body: {} });
    const again = playWheel(streamOf({ ...rotated.body.data.previous, nonce: round.nonce }), 30, "medium");
    expect(round.outcome.segment).toBe(again.segment);
    const m = WHEEL_PAYTABLE[30].medium[again.segment]!;
    expect(Number(round.payout)).toBeCloseTo(10 * m, 8);
    expect(compareAmounts(await balanceOf(p.accountId), addAmounts("90", round.payout))).toBe(0);
    for (const wheel of [{ segments: 25, risk: "low" }, { segments: 10, risk: "extreme" }, undefined]) {
      const bad = await call({ url: `/api/house/sessions/${p.session}/play`, body: { amount: "1", wheel } });
      expect([bad.status, bad.body.code, Object.keys(bad.body.errors ?? {})]).toEqual([
        422,
        "validation_error",
        ["wheel"],
      ]);
    }
    expect(compareAmounts(await balanceOf(p.accountId), addAmounts("90", round.payout))).toBe(0);
  });

  it("plays a demo spin on demo credits", async () => {
    const launch = await call({ url: "/api/game/games/northwind-roulette/play", body: {} });
    const token = launch.body.data.sessionId;
    const state = await call({ method: "GET", url: `/api/house/sessions/${token}` });
    expect(state.body.data).toMatchObject({ engine: "roulette", mode: "demo", balance: "1000" });
    const spin = await call({
      url: `/api/house/sessions/${token}/play`,
      body: {
        amount: "3",
        roulette: {
          bets: [
            { kind: "low", amount: "1" },
            { kind: "high", amount: "2" },
          ],
        },
      },
    });
    const pocket = spin.body.data.round.outcome.pocket as number;
    const paid = pocket === 0 ? "0" : pocket <= 18 ? "2" : "4";
    expect([spin.body.data.round.payout, spin.body.data.balance]).toEqual([paid, addAmounts("997", paid)]);
  });
});
