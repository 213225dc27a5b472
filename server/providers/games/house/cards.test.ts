import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  dealRound,
  type HiloGuess,
  hiloMultiplier,
  hiloWins,
  payout,
  rankOf,
  VIDEO_POKER_PAYTABLE,
} from "#common/house-games";
import { normalizeAmount } from "#common/money";
import { commitment } from "#common/provably-fair";
import { playerInRealGame } from "../../../modules/game/test-support";
import { caller } from "../../../modules/player/test-support";
import { ledgerSum } from "../../../modules/wallet";
import { walletAccounts } from "../../../modules/wallet/tables";
import { describeEachDb } from "../../../test/harness";
import { houseWalletCaller } from "../index";
import { hiloAction, hiloStart } from "./hilo";
import { advance, finishRound } from "./multi-step";
import { recoverHouseRounds } from "./recovery";
import { type CallWallet, type HouseDeps, sessionOf } from "./service";
import { houseRounds, houseSeedPairs } from "./tables";
import { videoPokerStart } from "./video-poker";

const SECRET = "cards-test-secret-cards-test-secret-cards";
const clock = { now: () => new Date() };
const NOW = { staleMs: 0, minesAbandonedMs: 0 };

describeEachDb(
  "hilo and video poker on the house provider",
  (ctx) => {
    const player = caller(() => ctx().app);
    const { call } = player;
    const db = () => ctx().database.db;
    const wallet = () => houseWalletCaller((r) => ctx().app.inject(r), SECRET, clock);
    const deps = (callWallet: CallWallet = wallet()): HouseDeps => ({ db: db(), clock, callWallet });

    async function realPlayer(game: string, balance = "100") {
      const p = await playerInRealGame(player, db(), game, balance);
      return { accountId: p.accountId, session: p.sessionId as string };
    }
    const balanceOf = async (id: bigint) =>
      normalizeAmount(
        (await db().select().from(walletAccounts).where(eq(walletAccounts.id, id)))[0]!.balance,
      );
    const balanced = async (id: bigint) => expect(await ledgerSum(db(), id)).toBe(await balanceOf(id));
    const lastRound = async (token: string) =>
      (await db().select().from(houseRounds).where(eq(houseRounds.token, token))).at(-1)!;
    /** The seeds of a session's last round, read from the server's own table (what only the house knows). */
    const secretSeeds = async (token: string) => {
      const r = await lastRound(token);
      const [pair] = await db().select().from(houseSeedPairs).where(eq(houseSeedPairs.id, r.seedPairId));
      return { serverSeed: pair!.serverSeed, clientSeed: pair!.clientSeed, nonce: r.nonce };
    };
    /** A guess the next card wins (or loses), found by peeking at the house's seeds. */
    const guessFor = async (token: string, moves: string[], win: boolean): Promise<HiloGuess> => {
      const seeds = await secretSeeds(token);
      const cards = dealRound("hilo", seeds, { moves: [...moves, "skip"] as never }).cards;
      const [rank, next] = [rankOf(cards.at(-2)!), rankOf(cards.at(-1)!)];
      const right = (["higher", "lower"] as const).find((g) => hiloWins(rank, g, next))!;
      const wrong = (["higher", "lower"] as const).find((g) => !hiloWins(rank, g, next));
      return win ? right : (wrong ?? right);
    };
    const act = (token: string, body: object) =>
      call({ url: `/api/house/sessions/${token}/hilo/action`, body });

    it("plays hilo for real: the next card stays unknown, right guesses compound, cash-out pays, the round verifies", async () => {
      const p = await realPlayer("harbor-hi-lo");
      const url = `/api/house/sessions/${p.session}`;
      const state = await call({ method: "GET", url });
      expect(state.body.data).toMatchObject({ engine: "hilo", mode: "real" });
      const { serverSeedHash, clientSeed } = state.body.data.seeds;
      const none = await act(p.session, { action: "higher" });
      expect([none.status, none.body.code]).toEqual([409, "no_round"]);
      const start = await call({ url: `${url}/hilo/start`, body: { amount: "10" } });
      expect(start.status).toBe(200);
      expect(start.body.data.round.outcome).toMatchObject({ moves: [], odds: [], multiplier: "1.00" });
      expect(start.body.data.round.outcome.cards).toHaveLength(1);
      expect(await balanceOf(p.accountId)).toBe("90");
      // One round at a time; no seed change under an open round; nothing to cash before a right guess.
      expect((await call({ url: `${url}/hilo/start`, body: { amount: "1" } })).body.code).toBe("round_open");
      expect((await call({ url: `${url}/seeds/rotate`, body: {} })).status).toBe(409);
      expect((await act(p.session, { action: "cashout" })).body.code).toBe("nothing_to_cash");
      const bad = await act(p.session, { action: "sideways" });
      expect([bad.status, bad.body.code, Object.keys(bad.body.errors)]).toEqual([
        422,
        "validation_error",
        ["action"],
      ]);

      const moves: string[] = [];
      for (const move of [await guessFor(p.session, [], true)]) {
        const r = await act(p.session, { action: move });
        moves.push(move);
        expect(r.body.data.round.status).toBe("open");
      }
      const skipped = await act(p.session, { action: "skip" });
      moves.push("skip");
      expect(skipped.body.data.round.outcome.cards).toHaveLength(3);
      const second = await guessFor(p.session, moves, true);
      const after = await act(p.session, { action: second });
      moves.push(second);
      const { odds, multiplier } = after.body.data.round.outcome;
      expect(odds).toHaveLength(2);
      expect(multiplier).toBe((hiloMultiplier(odds) / 10000).toFixed(4).replace(/0{1,2}$/, ""));
      const cash = await act(p.session, { action: "cashout" });
      const won = payout("10", hiloMultiplier(odds), 2);
      expect(cash.body.data.round).toMatchObject({ status: "settled", payout: won });
      expect(Number(await balanceOf(p.accountId))).toBeCloseTo(90 + Number(won), 8);
      await balanced(p.accountId);
      expect((await act(p.session, { action: "higher" })).body.code).toBe("no_round");

      // After rotation the seed is revealed; the recorded moves replay to the recorded cards.
      const rotated = await call({ url: `${url}/seeds/rotate`, body: {} });
      const { serverSeed } = rotated.body.data.previous;
      expect(commitment(serverSeed)).toBe(serverSeedHash);
      const replay = dealRound("hilo", { serverSeed, clientSeed, nonce: cash.body.data.round.nonce }, {
        moves,
      } as never);
      expect(replay.cards).toEqual(cash.body.data.round.outcome.cards);
      expect(replay.odds).toEqual(odds);
    });

    it("loses a hilo round on a wrong guess, and plays in demo on demo credits", async () => {
      const launch = await call({ url: "/api/game/games/harbor-hi-lo/play", body: {} });
      const token = launch.body.data.sessionId;
      await call({ url: `/api/house/sessions/${token}/hilo/start`, body: { amount: "5" } });
      // Skips run out at the limit.
      const r = await lastRound(token);
      const wrong = await guessFor(token, [], false);
      const first = dealRound("hilo", await secretSeeds(token), { moves: [wrong] });
      const lost = await act(token, { action: wrong });
      if (first.over === "lost") {
        expect(lost.body.data.round).toMatchObject({ status: "settled", payout: "0" });
        expect(lost.body.data.round.outcome.lost).toBe(true);
        expect(lost.body.data.balance).toBe("995");
      } else expect(lost.body.data.round.status).toBe("open"); // the card allowed no losing guess
      expect(r.status).toBe("open");
    });

    it("refuses a skip beyond the limit with 422, and applies only one of two moves made on the same state", async () => {
      const p = await realPlayer("harbor-hi-lo");
      await hiloStart(deps(), p.session, { amount: "2" });
      for (let i = 0; i < 10; i++) await hiloAction(deps(), p.session, "skip");
      await expect(hiloAction(deps(), p.session, "skip")).rejects.toMatchObject({
        status: 422,
        errors: { action: ["No skips left"] },
      });
      // Two moves read the same round; the first writes; the second's conditional write finds it changed.
      const seen = await lastRound(p.session);
      await advance(deps(), seen, { ...seen.outcome, probe: 1 });
      await expect(advance(deps(), seen, { ...seen.outcome, probe: 2 })).rejects.toMatchObject({
        code: "busy",
      });
      const s = await sessionOf(deps(), p.session);
      await expect(finishRound(deps(), s, seen, {}, 0)).rejects.toMatchObject({ code: "no_round" });
      expect((await lastRound(p.session)).outcome.probe).toBe(1);
    });

    it("plays video poker for real: the deck stays secret, holds keep their cards, the table pays, the hand verifies", async () => {
      const p = await realPlayer("harbor-jacks-or-better");
      const url = `/api/house/sessions/${p.session}`;
      const { clientSeed } = (await call({ method: "GET", url })).body.data.seeds;
      const start = await call({ url: `${url}/videopoker/start`, body: { amount: "10" } });
      expect(start.status).toBe(200);
      const hand = start.body.data.round.outcome.hand as number[];
      expect(hand).toHaveLength(5);
      expect(Object.keys(start.body.data.round.outcome).sort()).toEqual(["dealt", "hand"]);
      // The open round shows the same hand to a reload, and nothing more.
      const reload = await call({ method: "GET", url });
      expect(reload.body.data.openRound.outcome).toEqual({ hand, dealt: true });
      expect(await balanceOf(p.accountId)).toBe("90");
      for (const holds of [[5], [1, 1], [0, 1, 2, 3, 4, 0]]) {
        const bad = await call({ url: `${url}/videopoker/action`, body: { holds } });
        expect([bad.status, bad.body.code, Object.keys(bad.body.errors)]).toEqual([
          422,
          "validation_error",
          ["holds"],
        ]);
      }
      const drawn = await call({ url: `${url}/videopoker/action`, body: { holds: [2, 0] } });
      const round = drawn.body.data.round;
      expect(round.status).toBe("settled");
      expect(round.outcome.holds).toEqual([0, 2]);
      expect([round.outcome.final[0], round.outcome.final[2]]).toEqual([hand[0], hand[2]]);
      const won = String(
        10 * VIDEO_POKER_PAYTABLE[round.outcome.result as keyof typeof VIDEO_POKER_PAYTABLE],
      );
      expect(normalizeAmount(round.payout)).toBe(normalizeAmount(won));
      expect(Number(await balanceOf(p.accountId))).toBeCloseTo(90 + Number(won), 8);
      await balanced(p.accountId);
      expect((await call({ url: `${url}/videopoker/action`, body: { holds: [] } })).body.code).toBe(
        "no_round",
      );
      const { serverSeed } = (await call({ url: `${url}/seeds/rotate`, body: {} })).body.data.previous;
      const again = dealRound(
        "videopoker",
        { serverSeed, clientSeed, nonce: round.nonce },
        { holds: [0, 2] },
      );
      expect(again.final).toEqual(round.outcome.final);
      expect(again.result).toBe(round.outcome.result);
    });

    it("refuses a video-poker start on another game, and a bet beyond the balance, changing nothing", async () => {
      const p = await realPlayer("harbor-jacks-or-better", "1");
      const wrong = await call({ url: `/api/house/sessions/${p.session}/hilo/start`, body: { amount: "1" } });
      expect([wrong.status, wrong.body.code]).toEqual([422, "wrong_game"]);
      const poor = await call({
        url: `/api/house/sessions/${p.session}/videopoker/start`,
        body: { amount: "5" },
      });
      expect([poor.status, poor.body.code]).toEqual([402, "not_enough_money"]);
      expect(await balanceOf(p.accountId)).toBe("1");
    });

    it("finishes abandoned rounds: hilo cashed out at its multiplier or refunded; a dealt hand stands on all five", async () => {
      const guessed = await realPlayer("harbor-hi-lo");
      await hiloStart(deps(), guessed.session, { amount: "10" });
      await hiloAction(deps(), guessed.session, await guessFor(guessed.session, [], true));
      const odds = (await lastRound(guessed.session)).outcome.odds as number[];
      const fresh = await realPlayer("harbor-hi-lo");
      await hiloStart(deps(), fresh.session, { amount: "10" });
      const dealt = await realPlayer("harbor-jacks-or-better");
      await videoPokerStart(deps(), dealt.session, { amount: "10" });
      const hand = (await lastRound(dealt.session)).outcome.hand as number[];
      // A hand whose stake never reached the wallet was never shown: refunded, not played.
      const lost = await realPlayer("harbor-jacks-or-better");
      const cut: CallWallet = async (a, body) => {
        if (a === "bet") throw new Error("connection reset");
        return wallet()(a, body);
      };
      await expect(videoPokerStart(deps(cut), lost.session, { amount: "10" })).rejects.toThrow();
      // Within the session's life nothing is touched: the player can come back to the round.
      expect(await recoverHouseRounds(deps(), { staleMs: 0, minesAbandonedMs: 3_600_000 })).toMatchObject({
        cashedOut: 0,
        refunded: 0,
      });
      // (An earlier test's hilo round, left open with no right guess, is refunded in the same run.)
      const recovered = await recoverHouseRounds(deps(), NOW);
      expect(recovered).toMatchObject({ cashedOut: 2, failed: 0 });
      expect(recovered.refunded).toBeGreaterThanOrEqual(2);

      const hiloWin = payout("10", hiloMultiplier(odds), 2);
      expect(await lastRound(guessed.session)).toMatchObject({ status: "settled" });
      expect(Number(await balanceOf(guessed.accountId))).toBeCloseTo(90 + Number(hiloWin), 8);
      expect((await lastRound(fresh.session)).status).toBe("refunded");
      expect(await balanceOf(fresh.accountId)).toBe("100");
      const held = await lastRound(dealt.session);
      expect(held.status).toBe("settled");
      expect(held.outcome).toMatchObject({ holds: [0, 1, 2, 3, 4], final: hand });
      const table = VIDEO_POKER_PAYTABLE[held.outcome.result as keyof typeof VIDEO_POKER_PAYTABLE];
      expect(Number(await balanceOf(dealt.accountId))).toBeCloseTo(90 + 10 * table, 8);
      expect((await lastRound(lost.session)).status).toBe("refunded");
      expect(await balanceOf(lost.accountId)).toBe("100");
      for (const p of [guessed, fresh, dealt, lost]) await balanced(p.accountId);
    });
  },
  { env: { HOUSE_GAMES_SECRET: SECRET } },
);
