import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  type BlackjackState,
  cardValue,
  dealRound,
  handTotal,
  isBlackjack,
  legalBlackjackActions,
  rankOf,
} from "#common/house-games";
import { addAmounts, normalizeAmount } from "#common/money";
import { gameTransactions } from "../../../modules/game/tables";
import { playerInRealGame } from "../../../modules/game/test-support";
import { caller } from "../../../modules/player/test-support";
import { ledgerSum } from "../../../modules/wallet";
import { walletAccounts } from "../../../modules/wallet/tables";
import { describeEachDb } from "../../../test/harness";
import { blackjackPayout } from "./blackjack";
import { arrangeDeal, playable } from "./blackjack-test-support";
import { houseRounds } from "./tables";

const pairOf = (s: BlackjackState) =>
  playable(s) &&
  cardValue(s.player[0]!.cards[0]!) === cardValue(s.player[0]!.cards[1]!) &&
  rankOf(s.player[0]!.cards[0]!) !== 0;

describeEachDb("blackjack through the seamless wallet", (ctx) => {
  const player = caller(() => ctx().app);
  const { call } = player;
  const db = () => ctx().database.db;

  async function realPlayer(balance = "100") {
    const p = await playerInRealGame(player, db(), "harbor-blackjack", balance);
    const state = await call({ method: "GET", url: `/api/house/sessions/${p.sessionId}` });
    expect(state.body.data).toMatchObject({ engine: "blackjack", mode: "real", balance });
    return { token: p.sessionId, accountId: p.accountId };
  }
  const at = (token: string, path: string) => `/api/house/sessions/${token}/blackjack/${path}`;
  const move = (token: string, action: string, hand?: number) =>
    call({ url: at(token, "action"), body: { action, ...(hand !== undefined ? { hand } : {}) } });
  const balanceOf = async (id: bigint) =>
    normalizeAmount((await db().select().from(walletAccounts).where(eq(walletAccounts.id, id)))[0]!.balance);
  const walletCalls = async (roundId: string) =>
    (
      await db()
        .select()
        .from(gameTransactions)
        .where(eq(gameTransactions.roundId, `house-${roundId}`))
    )
      .map((t) => `${t.kind}:${t.txId}:${t.amount === null ? "" : normalizeAmount(t.amount)}`)
      .sort();

  it("plays a split and a double, each its own bet on the round; the hole card stays secret until the end", async () => {
    const p = await realPlayer();
    // A pair whose split leaves a hand to play (two 21s would end the round at once).
    const seeds = await arrangeDeal(
      db(),
      p.token,
      (s, seeds) => pairOf(s) && dealRound("blackjack", seeds, { actions: ["split"] }).phase === "player",
    );
    const start = await call({ url: at(p.token, "start"), body: { amount: "10" } });
    expect(start.status).toBe(200);
    const open = start.body.data.round;
    expect(open).toMatchObject({ engine: "blackjack", status: "open", bet: "10" });
    expect(open.outcome.dealer).toHaveLength(1);
    expect(open.outcome.drawn).toBeUndefined();
    expect(open.outcome.legal).toEqual(["hit", "stand", "double", "split"]);
    expect(JSON.stringify(open)).not.toContain('"hole');
    expect(await balanceOf(p.accountId)).toBe("90");
    // The session's own view of the open round hides the same.
    const state = await call({ method: "GET", url: `/api/house/sessions/${p.token}` });
    expect(state.body.data.openRound.outcome.dealer).toHaveLength(1);
    // Seeds cannot rotate while the hole card is unseen.
    expect((await call({ url: `/api/house/sessions/${p.token}/seeds/rotate`, body: {} })).status).toBe(409);

    const split = await move(p.token, "split", 0);
    expect(split.status).toBe(200);
    expect(split.body.data.round.outcome.player).toHaveLength(2);
    expect(await balanceOf(p.accountId)).toBe("80");
    // A stale click for a hand not in play is refused.
    let r = split.body.data.round;
    if (r.status === "open" && r.outcome.legal.includes("double")) {
      expect((await move(p.token, "hit", r.outcome.active + 1)).status).toBe(409);
      r = (await move(p.token, "double", r.outcome.active)).body.data.round;
      // The double's stake is taken; when it played the last hand (the first stood at 21), the round is
      // settled and its payout is in too.
      const paid = r.status === "settled" ? r.payout : "0";
      expect(await balanceOf(p.accountId)).toBe(normalizeAmount(addAmounts("70", paid)));
    }
    for (let i = 0; r.status === "open" && i < 10; i++)
      r = (await move(p.token, "stand", r.outcome.active)).body.data.round;
    expect(r.status).toBe("settled");
    const staked = Number(r.bet);
    expect(staked).toBeGreaterThanOrEqual(20);
    // The finished round shows everything, and recomputes from the seeds and the moves.
    const again = dealRound("blackjack", seeds, { actions: r.params.actions });
    expect(r.outcome.drawn).toEqual(again.drawn);
    expect(r.outcome.dealer).toEqual(again.dealer);
    expect(r.outcome.player).toEqual(again.player);
    expect(r.payout).toBe(blackjackPayout(again, "10", "USD"));
    expect(r.params.actions[0]).toBe("split");
    expect(Number(await balanceOf(p.accountId))).toBeCloseTo(100 - staked + Number(r.payout), 8);
    expect(await ledgerSum(db(), p.accountId)).toBe(await balanceOf(p.accountId));
    const calls = await walletCalls(r.id);
    expect(calls.filter((c) => c.startsWith("bet:"))).toEqual(
      [
        `bet:house-${r.id}-bet:10`,
        `bet:house-${r.id}-split-0:10`,
        ...(staked === 30 ? [`bet:house-${r.id}-double-1:10`] : []),
      ].sort(),
    );
    expect(calls.filter((c) => c.startsWith("win:"))).toEqual([`win:house-${r.id}-win:${r.payout}`]);
    // Once over, moves find no round.
    expect((await move(p.token, "hit")).body.code).toBe("no_round");
    // The verifier's call: the round with its seeds once rotated.
    const { previous } = (await call({ url: `/api/house/sessions/${p.token}/seeds/rotate`, body: {} })).body
      .data;
    expect(previous.serverSeed).toBe(seeds.serverSeed);
  });

  it("insurance is half the stake, its own bet, and pays 2:1 when the dealer has blackjack", async () => {
    const p = await realPlayer();
    await arrangeDeal(
      db(),
      p.token,
      (s) => s.phase === "insurance" && isBlackjack(s.dealer) && !isBlackjack(s.player[0]!.cards),
    );
    const start = await call({ url: at(p.token, "start"), body: { amount: "10" } });
    expect(start.body.data.round.outcome.legal).toEqual(["insurance", "no-insurance"]);
    expect((await move(p.token, "hit")).status).toBe(422);
    const insured = await move(p.token, "insurance");
    const r = insured.body.data.round;
    expect(r).toMatchObject({ status: "settled", bet: "15", payout: "15" });
    expect(r.outcome.insurance).toBe("taken");
    expect(r.outcome.dealer).toHaveLength(2);
    expect(await balanceOf(p.accountId)).toBe("100");
    expect(await walletCalls(r.id)).toContain(`bet:house-${r.id}-insurance-0:5`);
  });

  it("of two moves sent at once only one applies, and a double sent twice is staked once", async () => {
    const p = await realPlayer();
    await arrangeDeal(db(), p.token, (s) => playable(s) && handTotal(s.player[0]!.cards).total <= 11);
    await call({ url: at(p.token, "start"), body: { amount: "10" } });
    const both = await Promise.all([move(p.token, "double", 0), move(p.token, "double", 0)]);
    expect(both.map((b) => b.status).sort()).toEqual([200, 409]);
    const [round] = await db().select().from(houseRounds).where(eq(houseRounds.token, p.token));
    expect(normalizeAmount(round!.bet)).toBe("20");
    const doubles = (await walletCalls(String(round!.id))).filter((c) => c.includes("-double-"));
    expect(doubles).toEqual([`bet:house-${round!.id}-double-0:10`]);
    expect(await ledgerSum(db(), p.accountId)).toBe(await balanceOf(p.accountId));
  });

  it("refuses bad and untimely moves with the field named, changing nothing", async () => {
    const p = await realPlayer("20");
    expect((await move(p.token, "stand")).body.code).toBe("no_round");
    // No split on offer (a pair of aces splits too): every move below but the double is then untimely.
    await arrangeDeal(db(), p.token, (s) => playable(s) && !legalBlackjackActions(s).includes("split"));
    const bad = await call({ url: at(p.token, "start"), body: { amount: "-1" } });
    expect([bad.status, Object.keys(bad.body.errors)]).toEqual([422, ["amount"]]);
    await call({ url: at(p.token, "start"), body: { amount: "15" } });
    const twice = await call({ url: at(p.token, "start"), body: { amount: "1" } });
    expect(twice.body.code).toBe("round_open");
    const [before] = await db().select().from(houseRounds).where(eq(houseRounds.token, p.token));
    for (const [body, field] of [
      [{ action: "surrender" }, "action"],
      [{ action: "hit", hand: -1 }, "hand"],
      [{ action: "split" }, "action"],
      [{ action: "insurance" }, "action"],
    ] as const) {
      const r = await call({ url: at(p.token, "action"), body });
      expect([r.status, r.body.code, Object.keys(r.body.errors ?? {})]).toEqual([
        422,
        "validation_error",
        [field],
      ]);
    }
    // A double beyond the balance: the wallet's no, and the round goes on as it was.
    const broke = await move(p.token, "double");
    expect([broke.status, broke.body.code]).toEqual([402, "not_enough_money"]);
    const [after] = await db().select().from(houseRounds).where(eq(houseRounds.token, p.token));
    expect({ ...after!.outcome, seq: 0 }).toEqual({ ...before!.outcome, seq: 0 });
    expect(after!.params).toEqual(before!.params);
    expect(await balanceOf(p.accountId)).toBe("5");
    const stood = await move(p.token, "stand");
    expect(stood.body.data.round.status).toBe("settled");
  });

  it("plays on demo credits without touching a wallet", async () => {
    const launch = await call({ url: "/api/game/games/harbor-blackjack/play", body: {} });
    const token = launch.body.data.sessionId;
    await call({ method: "GET", url: `/api/house/sessions/${token}` });
    await arrangeDeal(db(), token, pairOf);
    const start = await call({ url: at(token, "start"), body: { amount: "100" } });
    expect(start.body.data.balance).toBe("900");
    const split = await move(token, "split");
    expect(split.body.data.balance).toBe("800");
    let r = split.body.data.round;
    for (let i = 0; r.status === "open" && i < 10; i++) r = (await move(token, "stand")).body.data.round;
    const state = await call({ method: "GET", url: `/api/house/sessions/${token}` });
    expect(Number(state.body.data.balance)).toBeCloseTo(1000 - Number(r.bet) + Number(r.payout), 8);
  });
});
