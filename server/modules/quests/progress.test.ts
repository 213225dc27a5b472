import { describe, expect, it } from "vitest";
import { isDone, progressAfter, type QuestFact, type TaskRule } from "./progress";

const rule = (r: Partial<TaskRule> & Pick<TaskRule, "type" | "quantity">): TaskRule => ({
  minMultiplier: null,
  collectionIds: [],
  gameKinds: [],
  ...r,
});
const start = { progress: "0", days: [] as string[] };
const ctx = { questCurrency: "USD", gameCollectionIds: [3] };
const casino = (d: Partial<Extract<QuestFact, { kind: "bet.settled" }>["data"]> = {}): QuestFact => ({
  kind: "bet.settled",
  data: {
    source: "casino",
    gameId: 1,
    gameKind: "slots",
    currency: "USD",
    stake: "1",
    payout: "0",
    multiplier: "0",
    ...d,
  },
});
const sport: QuestFact = {
  kind: "bet.settled",
  data: { source: "sportsbook", currency: "USD", stake: "5", payout: "9", multiplier: "1.8" },
};
const deposit = (amount: string, currency = "USD"): QuestFact => ({
  kind: "deposit.succeeded",
  data: { currency, amount },
});
const login = (day: string): QuestFact => ({ kind: "player.logged-in", data: { day } });

/** Applies facts in order, as the consumer does. */
function run(r: TaskRule, facts: QuestFact[], c = ctx) {
  let p = start;
  for (const f of facts) p = progressAfter(r, p, f, c) ?? p;
  return p;
}

describe("quest task progress (decision 0015)", () => {
  it("bet: counts settled casino bets on the task's games, not sports bets, up to the quantity", () => {
    const r = rule({ type: "bet", quantity: "3", collectionIds: [3] });
    expect(run(r, [casino(), sport, casino()]).progress).toBe("2");
    expect(run(r, [casino(), casino(), casino(), casino()]).progress).toBe("3");
    expect(isDone(r, run(r, [casino(), casino(), casino()]))).toBe(true);
    // A game outside the task's collections does not count.
    expect(progressAfter(r, start, casino(), { ...ctx, gameCollectionIds: [9] })).toBeUndefined();
  });

  it("bet: a game-kind filter counts only games of those kinds", () => {
    const r = rule({ type: "bet", quantity: "5", gameKinds: ["slots"] });
    expect(run(r, [casino(), casino({ gameKind: "tables" }), casino({ gameKind: undefined })]).progress).toBe(
      "1",
    );
  });

  it("wager: sums the stakes in the quest's currency, capped at the quantity", () => {
    const r = rule({ type: "wager", quantity: "20" });
    expect(run(r, [casino({ stake: "2.50" }), casino({ stake: "7.25" })]).progress).toBe("9.75");
    expect(run(r, [casino({ stake: "2", currency: "EUR" })]).progress).toBe("0");
    expect(run(r, [casino({ stake: "15" }), casino({ stake: "15" })]).progress).toBe("20");
    expect(run(r, [sport]).progress).toBe("0");
  });

  it("win-multiplier: counts wins at the multiplier or above, not losses or smaller wins", () => {
    const r = rule({ type: "win-multiplier", quantity: "2", minMultiplier: "2" });
    const facts = [
      casino({ payout: "1.5", multiplier: "1.5" }),
      casino({ payout: "0", multiplier: "0" }),
      casino({ payout: "2", multiplier: "2" }),
      casino({ payout: "10", multiplier: "10" }),
    ];
    expect(run(r, facts.slice(0, 2)).progress).toBe("0");
    expect(run(r, facts).progress).toBe("2");
  });

  it("deposit: sums succeeded deposits in the quest's currency", () => {
    const r = rule({ type: "deposit", quantity: "20" });
    expect(run(r, [deposit("5"), deposit("100", "EUR"), deposit("10.5")]).progress).toBe("15.5");
    expect(isDone(r, run(r, [deposit("50")]))).toBe(true);
    expect(run(r, [casino({ stake: "30" })]).progress).toBe("0");
  });

  it("login-days: counts distinct days only", () => {
    const r = rule({ type: "login-days", quantity: "3" });
    const p = run(r, [login("2026-11-20"), login("2026-11-20"), login("2026-11-21")]);
    expect(p).toEqual({ progress: "2", days: ["2026-11-20", "2026-11-21"] });
    expect(isDone(r, run(r, [login("2026-11-20"), login("2026-11-21"), login("2026-11-23")]))).toBe(true);
  });

  it("sport-bet: counts settled sportsbook bets, not casino ones", () => {
    const r = rule({ type: "sport-bet", quantity: "2" });
    expect(run(r, [sport, casino(), sport, sport]).progress).toBe("2");
  });

  it("a completed task moves no further", () => {
    const r = rule({ type: "bet", quantity: "1" });
    expect(progressAfter(r, { progress: "1", days: [] }, casino(), ctx)).toBeUndefined();
  });
});
