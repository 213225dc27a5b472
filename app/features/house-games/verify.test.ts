import { describe, expect, it } from "vitest";
import {
  dealBaccarat,
  minePositions,
  playDice,
  playHilo,
  playKeno,
  playPlinko,
  playRoulette,
  playSlot,
  playVideoPoker,
  playWheel,
  replayBlackjack,
} from "#common/house-games";
import { commitment, streamOf } from "#common/provably-fair";
import {
  actionsFromText,
  betsFromText,
  betsText,
  holdsFromText,
  inputFromQuery,
  minesPaid,
  movesFromText,
  paramsOfRound,
  recompute,
  sameOutcome,
  seedMatches,
  type VerifyInput,
  verifyQuery,
} from "./verify";

const serverSeed = "3f".repeat(32);
const seeds = { serverSeed, clientSeed: "player-seed", nonce: 7 };
/** A round of `engine` recomputed from these seeds, with no commitment to check against. */
const replay = (input: Partial<VerifyInput> & Pick<VerifyInput, "engine">) =>
  recompute({ ...seeds, serverSeedHash: "", ...input });

describe("house games: verification glue", () => {
  it("recomputes each engine exactly as the engines deal it", () => {
    const dice = replay({ engine: "dice", dice: { target: 40, direction: "over" } });
    expect(dice).toMatchObject({
      engine: "dice",
      roll: playDice(streamOf(seeds), { target: 40, direction: "over" }).roll,
    });
    const plinko = replay({ engine: "plinko", plinko: { rows: 12, risk: "high" } });
    expect(plinko).toMatchObject({ bucket: playPlinko(streamOf(seeds), 12, "high").bucket });
    const slot = replay({ engine: "slot" });
    expect(slot).toMatchObject({ stops: playSlot(streamOf(seeds)).stops });
    const mines = replay({ engine: "mines", mines: { mines: 5 } });
    expect(mines).toEqual({ engine: "mines", mines: minePositions(streamOf(seeds), 5) });
    // Another nonce is another outcome.
    expect(replay({ nonce: 8, engine: "slot" })).not.toEqual(slot);
  });

  it("compares a recomputed outcome with the recorded one", () => {
    const dice = replay({ engine: "dice", dice: { target: 50, direction: "under" } });
    if (dice.engine !== "dice") throw new Error("dice");
    expect(sameOutcome(dice, { roll: dice.roll, win: dice.win })).toBe(true);
    expect(sameOutcome(dice, { roll: dice.roll + 0.01, win: dice.win })).toBe(false);
    const mines = replay({ engine: "mines", mines: { mines: 3 } });
    if (mines.engine !== "mines") throw new Error("mines");
    expect(sameOutcome(mines, { mines: [...mines.mines].reverse() })).toBe(true);
    expect(sameOutcome(mines, {})).toBe(false);
    expect(minesPaid(mines.mines, 3, [mines.mines[0]!])).toBe("0.00");
  });

  it("checks the seed against its commitment, case-insensitively, and only when both are given", () => {
    expect(seedMatches(serverSeed, commitment(serverSeed).toUpperCase())).toBe(true);
    expect(seedMatches(serverSeed, commitment("4f".repeat(32)))).toBe(false);
    expect(seedMatches(serverSeed, "")).toBeUndefined();
  });

  it("a link's query reads back into the same form", () => {
    const q = verifyQuery({
      ...seeds,
      serverSeedHash: "ab",
      engine: "plinko",
      plinko: { rows: 16, risk: "low" },
    });
    const back = inputFromQuery(new URLSearchParams(q));
    expect(back).toMatchObject({
      ...seeds,
      serverSeedHash: "ab",
      engine: "plinko",
      plinko: { rows: 16, risk: "low" },
    });
    // Unknown values fall back to defaults rather than breaking the page.
    const odd = inputFromQuery(new URLSearchParams("engine=backgammon&nonce=-3&rows=9&mines=99"));
    expect(odd).toMatchObject({ engine: "dice", nonce: 0, plinko: { rows: 8 }, mines: { mines: 24 } });
  });

  it("blackjack: replays the recorded moves on the seeds' cards and compares them with the round", () => {
    const actions = ["hit"] as const;
    const r = replay({ engine: "blackjack", blackjack: { actions: [] } });
    const dealt = replayBlackjack(streamOf(seeds), []);
    expect(r).toMatchObject({ engine: "blackjack", dealer: dealt.dealer, drawn: dealt.drawn });
    if (r.engine !== "blackjack") throw new Error("blackjack");
    expect(sameOutcome(r, { ...dealt })).toBe(true);
    // Another move sequence is another round (or, where the cards do not allow it, an error the page shows).
    let other: unknown;
    try {
      other = replay({ engine: "blackjack", blackjack: { actions: [...actions] } });
    } catch (e) {
      other = e;
    }
    expect(other).not.toEqual(r);
    // Links carry the moves; unknown words are left out.
    const q = verifyQuery({
      ...seeds,
      serverSeedHash: "",
      engine: "blackjack",
      blackjack: { actions: ["split", "double", "stand"] },
    });
    expect(inputFromQuery(new URLSearchParams(q)).blackjack).toEqual({
      actions: ["split", "double", "stand"],
    });
    expect(actionsFromText("Split, double  stand, surrender")).toEqual(["split", "double", "stand"]);
  });

  it("recomputes a finished hilo round and a video-poker hand from the seeds and the recorded moves", () => {
    const moves = ["skip", "higher", "lower"] as const;
    const stored = playHilo(streamOf(seeds), moves.slice(0, 1));
    const input = { ...seeds, serverSeedHash: "", engine: "hilo" as const };
    const hilo = recompute({ ...input, ...paramsOfRound("hilo", {}, { moves: [...moves], cards: [] }) });
    const dealt = playHilo(streamOf(seeds), ["skip", "skip", "skip"]).cards;
    if (hilo.engine !== "hilo") throw new Error("hilo");
    // The moves pick nothing: the cards are the stream's, one per move.
    expect(hilo.cards).toEqual(dealt.slice(0, hilo.cards.length));
    expect(sameOutcome(hilo, { cards: hilo.cards })).toBe(true);
    expect(sameOutcome(hilo, { cards: stored.cards })).toBe(false);
    const poker = replay({ engine: "videopoker", videopoker: { holds: [1, 4] } });
    const played = playVideoPoker(streamOf(seeds), [1, 4]);
    expect(poker).toMatchObject({ hand: played.hand, final: played.final, result: played.result });
    if (poker.engine !== "videopoker") throw new Error("videopoker");
    expect(sameOutcome(poker, { hand: played.hand, final: played.final })).toBe(true);
    expect(sameOutcome(poker, { hand: played.hand, final: played.hand })).toBe(
      played.final.join() === played.hand.join(),
    );
    // Links carry the moves and holds; typed lists read loosely.
    const q = verifyQuery({ ...seeds, engine: "hilo", hilo: { moves: ["higher", "skip"] } });
    expect(inputFromQuery(new URLSearchParams(q)).hilo).toEqual({ moves: ["higher", "skip"] });
    const vq = verifyQuery({ ...seeds, engine: "videopoker", videopoker: { holds: [0, 3] } });
    expect(inputFromQuery(new URLSearchParams(vq)).videopoker).toEqual({ holds: [0, 3] });
    expect(movesFromText("H, s lower, up")).toEqual(["higher", "skip", "lower"]);
    expect(holdsFromText("3, 1 1", 1)).toEqual([0, 2]);
    expect(holdsFromText("6", 1)).toEqual([]);
  });

  it("recomputes a baccarat hand and what its stakes were paid, and a keno draw with its hits", () => {
    const bets = { player: "3", tie: "0.5" };
    const b = replay({ engine: "baccarat", baccarat: { bets }, places: 2 });
    const hand = dealBaccarat(streamOf(seeds));
    expect(b).toMatchObject({
      engine: "baccarat",
      player: hand.player,
      banker: hand.banker,
      winner: hand.winner,
    });
    if (b.engine !== "baccarat") throw new Error("baccarat");
    const expected = { player: "6", banker: "0", tie: "7.5" }[hand.winner];
    expect(b.payout).toBe(expected);
    expect(Object.keys(b.returns).sort()).toEqual(["player", "tie"]);
    expect(sameOutcome(b, { player: hand.player, banker: hand.banker, winner: hand.winner })).toBe(true);
    expect(sameOutcome(b, { player: hand.player, banker: [...hand.banker, 1], winner: hand.winner })).toBe(
      false,
    );

    const k = replay({ engine: "keno", keno: { picks: [4, 8, 15, 16, 23, 42 - 2], risk: "high" } });
    const o = playKeno(streamOf(seeds), [4, 8, 15, 16, 23, 40], "high");
    expect(k).toMatchObject({ engine: "keno", drawn: o.drawn, hits: o.hits });
    expect(sameOutcome(k, { drawn: o.drawn, hits: o.hits })).toBe(true);
    expect(sameOutcome(k, { drawn: [...o.drawn].reverse(), hits: o.hits })).toBe(false);
    // Picks the game refuses cannot be recomputed either.
    expect(() => replay({ engine: "keno", keno: { picks: [0], risk: "low" } })).toThrow();
  });

  it("a baccarat or keno link reads back into the same form", () => {
    const bq = verifyQuery({ ...seeds, engine: "baccarat", baccarat: { bets: { banker: "2.5", tie: "1" } } });
    expect(inputFromQuery(new URLSearchParams(bq))).toMatchObject({
      engine: "baccarat",
      baccarat: { bets: { banker: "2.5", tie: "1" } },
    });
    const kq = verifyQuery({ ...seeds, engine: "keno", keno: { picks: [1, 20, 40], risk: "low" } });
    expect(inputFromQuery(new URLSearchParams(kq))).toMatchObject({
      engine: "keno",
      keno: { picks: [1, 20, 40], risk: "low" },
    });
    const odd = inputFromQuery(new URLSearchParams("engine=keno&picks=0,99&risk=wild&player=-1"));
    expect(odd).toMatchObject({
      keno: { picks: [1, 2, 3, 4, 5], risk: "classic" },
      baccarat: { bets: { player: "1" } },
    });
  });

  it("recomputes a roulette spin's pocket and each bet's payout, and a wheel's segment, from the seeds", () => {
    const bets = [
      { kind: "straight" as const, numbers: [17], amount: "1" },
      { kind: "split" as const, numbers: [17, 20], amount: "0.5" },
      { kind: "dozen" as const, target: 2, amount: "2" },
      { kind: "black" as const, amount: "3" },
    ];
    const r = replay({ engine: "roulette", roulette: { bets } });
    if (r.engine !== "roulette") throw new Error("roulette");
    const dealt = playRoulette(streamOf(seeds), bets);
    expect(r.pocket).toBe(dealt.pocket);
    const multiples = [36, 18, 3, 2];
    expect(r.bets.map((b) => Number(b.paid))).toEqual(
      dealt.wins.map((w, i) => (w > 0 ? Number(bets[i]!.amount) * multiples[i]! : 0)),
    );
    expect(Number(r.payout)).toBe(r.bets.reduce((sum, b) => sum + Number(b.paid), 0));
    expect(sameOutcome(r, { pocket: dealt.pocket, wins: r.bets.map((b) => b.returns) })).toBe(true);
    expect(sameOutcome(r, { pocket: (dealt.pocket + 1) % 37, wins: r.bets.map((b) => b.returns) })).toBe(
      false,
    );
    // Bets the table does not have are refused rather than recomputed.
    expect(() =>
      replay({ engine: "roulette", roulette: { bets: [{ kind: "split", numbers: [1, 9], amount: "1" }] } }),
    ).toThrow(RangeError);

    const w = replay({ engine: "wheel", wheel: { segments: 40, risk: "high" } });
    expect(w).toMatchObject({ engine: "wheel", segment: playWheel(streamOf(seeds), 40, "high").segment });
  });

  it("writes a spin's bets into a link and reads them back", () => {
    const bets = [
      { kind: "corner" as const, numbers: [1, 2, 4, 5], amount: "0.25" },
      { kind: "column" as const, target: 3, amount: "1" },
      { kind: "red" as const, amount: "2" },
    ];
    expect(betsText(bets)).toBe("corner 1-2-4-5 @0.25; column 3 @1; red @2");
    expect(betsFromText(betsText(bets))).toEqual(bets);
    const back = inputFromQuery(
      new URLSearchParams(
        verifyQuery({
          ...seeds,
          engine: "roulette",
          roulette: { bets },
          wheel: { segments: 30, risk: "medium" },
        }),
      ),
    );
    expect(back.roulette).toEqual({ bets });
    expect(back.wheel).toEqual({ segments: 30, risk: "medium" });
  });
});
