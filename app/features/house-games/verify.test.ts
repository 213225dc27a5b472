import { describe, expect, it } from "vitest";
import { minePositions, playDice, playPlinko, playRoulette, playSlot, playWheel } from "#common/house-games";
import { commitment, streamOf } from "#common/provably-fair";
import {
  betsFromText,
  betsText,
  inputFromQuery,
  minesPaid,
  recompute,
  sameOutcome,
  seedMatches,
  verifyQuery,
} from "./verify";

const serverSeed = "3f".repeat(32);
const seeds = { serverSeed, clientSeed: "player-seed", nonce: 7 };

describe("house games: verification glue", () => {
  it("recomputes each engine exactly as the engines deal it", () => {
    const dice = recompute({
      ...seeds,
      serverSeedHash: "",
      engine: "dice",
      dice: { target: 40, direction: "over" },
    });
    expect(dice).toMatchObject({
      engine: "dice",
      roll: playDice(streamOf(seeds), { target: 40, direction: "over" }).roll,
    });
    const plinko = recompute({
      ...seeds,
      serverSeedHash: "",
      engine: "plinko",
      plinko: { rows: 12, risk: "high" },
    });
    expect(plinko).toMatchObject({ bucket: playPlinko(streamOf(seeds), 12, "high").bucket });
    const slot = recompute({ ...seeds, serverSeedHash: "", engine: "slot" });
    expect(slot).toMatchObject({ stops: playSlot(streamOf(seeds)).stops });
    const mines = recompute({ ...seeds, serverSeedHash: "", engine: "mines", mines: { mines: 5 } });
    expect(mines).toEqual({ engine: "mines", mines: minePositions(streamOf(seeds), 5) });
    // Another nonce is another outcome.
    expect(recompute({ ...seeds, nonce: 8, serverSeedHash: "", engine: "slot" })).not.toEqual(slot);
  });

  it("compares a recomputed outcome with the recorded one", () => {
    const dice = recompute({
      ...seeds,
      serverSeedHash: "",
      engine: "dice",
      dice: { target: 50, direction: "under" },
    });
    if (dice.engine !== "dice") throw new Error("dice");
    expect(sameOutcome(dice, { roll: dice.roll, win: dice.win })).toBe(true);
    expect(sameOutcome(dice, { roll: dice.roll + 0.01, win: dice.win })).toBe(false);
    const mines = recompute({ ...seeds, serverSeedHash: "", engine: "mines", mines: { mines: 3 } });
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

  it("recomputes a roulette spin's pocket and each bet's payout, and a wheel's segment, from the seeds", () => {
    const bets = [
      { kind: "straight" as const, numbers: [17], amount: "1" },
      { kind: "split" as const, numbers: [17, 20], amount: "0.5" },
      { kind: "dozen" as const, target: 2, amount: "2" },
      { kind: "black" as const, amount: "3" },
    ];
    const r = recompute({ ...seeds, serverSeedHash: "", engine: "roulette", roulette: { bets } });
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
      recompute({
        ...seeds,
        serverSeedHash: "",
        engine: "roulette",
        roulette: { bets: [{ kind: "split", numbers: [1, 9], amount: "1" }] },
      }),
    ).toThrow(RangeError);

    const w = recompute({
      ...seeds,
      serverSeedHash: "",
      engine: "wheel",
      wheel: { segments: 40, risk: "high" },
    });
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
