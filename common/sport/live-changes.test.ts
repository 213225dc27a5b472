import { describe, expect, it } from "vitest";
import type { SportEvent } from "../api/sportsbook";
import { sportEventRow, sportLiveRow } from "../api/sportsbook";
import { applySportEventChange, fromEventRow, fromLiveRow, toEventRow, toLiveRow } from "./live-changes";

const event: SportEvent = {
  id: 7,
  sportId: 66,
  categoryId: 1,
  championshipId: 2,
  sportName: "Soccer",
  categoryName: "England",
  championshipName: "League",
  home: "Home",
  away: "Away",
  startsAt: "2026-05-02T13:00:00.000Z",
  status: "live",
  top: false,
  live: { clock: "12'", elapsed: 12, period: "1st half", score: [0, 0] },
  marketCount: 2,
  markets: [
    {
      id: "1x2",
      type: "1x2",
      name: "Match result",
      status: "open",
      selections: [
        { id: "7:1x2:home", name: "Home", odds: "2.10" },
        { id: "7:1x2:draw", name: "Draw", odds: "3.30" },
        { id: "7:1x2:away", name: "Away", odds: "3.90" },
      ],
    },
    {
      id: "total:2.5",
      type: "total",
      name: "Total 2.5",
      status: "open",
      selections: [
        { id: "7:total:2.5:over", name: "Over", odds: "1.90" },
        { id: "7:total:2.5:under", name: "Under", odds: "1.90" },
      ],
    },
  ],
};
const outcomes = ["home", "draw", "away"];

describe("sport:live rows", () => {
  it.each([
    ["a price", { id: 7, markets: { "1x2": { odds: { draw: "3.25" } } } }, [7, "1x2", [null, "3.25"]]],
    ["the clock", { id: 7, live: { clock: "13'", elapsed: 13 } }, [7, null, null, ["13'", 13]]],
    [
      "a goal and a suspension",
      {
        id: 7,
        live: { score: [1, 0] as [number, number] },
        markets: { "1x2": { status: "suspended" as const } },
      },
      [7, "1x2", null, [null, null, null, [1, 0]], null, "suspended"],
    ],
    ["the end", { id: 7, status: "ended" as const }, [7, null, null, null, "ended"]],
    [
      "elapsed back to 0",
      { id: 7, live: { elapsed: 0, period: "2nd half" } },
      [7, null, null, [null, 0, "2nd half"]],
    ],
  ])("write %s by position and read it back to the same change", (_, change, row) => {
    const written = toLiveRow(change as never, outcomes);
    expect(written).toEqual(row);
    expect(sportLiveRow.safeParse(written).success).toBe(true);
    expect(fromLiveRow(written!, event)).toEqual(change);
    // Applied, the row moves the event exactly as the change it stands for.
    expect(applySportEventChange(event, fromLiveRow(written!, event))).toEqual(
      applySportEventChange(event, change as never),
    );
  });

  it("cannot write a change of another market or an outcome the main market lacks (the event goes whole)", () => {
    expect(toLiveRow({ id: 7, markets: { a: {}, b: {} } }, outcomes)).toBeUndefined();
    expect(toLiveRow({ id: 7, markets: { "1x2": { odds: { other: "2.00" } } } }, outcomes)).toBeUndefined();
  });

  it("leave out a market the subscriber does not hold", () => {
    expect(fromLiveRow([7, "btts", ["1.90"]], event)).toEqual({ id: 7 });
  });

  it("are about half the bytes of the change they stand for", () => {
    const change = {
      id: 207850041,
      live: { clock: "2'", elapsed: 2 },
      markets: { "1x2": { odds: { 1: "2.10", X: "3.30", 2: "3.90" } } },
    };
    const row = toLiveRow(change, ["1", "X", "2"]);
    expect(JSON.stringify(row).length).toBeLessThan(JSON.stringify(change).length * 0.6);
  });
});

describe("sport:event#{id} rows", () => {
  const outcomesOf = (id: string) =>
    event.markets.find((m) => m.id === id)?.selections.map((s) => s.id.split(":").at(-1)!);

  it.each([
    [
      "prices in two markets",
      {
        id: 7,
        markets: {
          "1x2": { odds: { away: "4.00" } },
          "total:2.5": { odds: { over: "1.85", under: "1.95" } },
        },
      },
      [
        7,
        [
          ["1x2", [null, null, "4.00"]],
          ["total:2.5", ["1.85", "1.95"]],
        ],
      ],
    ],
    [
      "the clock and a suspension",
      {
        id: 7,
        live: { clock: "13'", elapsed: 13 },
        markets: { "total:2.5": { status: "suspended" as const } },
      },
      [7, [["total:2.5", null, "suspended"]], ["13'", 13]],
    ],
    ["the end", { id: 7, status: "ended" as const }, [7, null, null, "ended"]],
  ])("write %s by position and read it back to the same change", (_, change, row) => {
    const written = toEventRow(change as never, outcomesOf);
    expect(written).toEqual(row);
    expect(sportEventRow.safeParse(written).success).toBe(true);
    expect(fromEventRow(written!, event)).toEqual(change);
    expect(applySportEventChange(event, fromEventRow(written!, event))).toEqual(
      applySportEventChange(event, change as never),
    );
  });

  it("cannot write a market or an outcome the event does not list (the event goes whole)", () => {
    expect(toEventRow({ id: 7, markets: { btts: { odds: { yes: "1.80" } } } }, outcomesOf)).toBeUndefined();
    expect(
      toEventRow({ id: 7, markets: { "1x2": { odds: { other: "2.00" } } } }, outcomesOf),
    ).toBeUndefined();
  });

  it("skip a market the subscriber does not hold", () => {
    expect(fromEventRow([7, [["btts", ["1.80"]]]], event)).toEqual({ id: 7 });
  });

  it("are at most two thirds of the bytes of the change they stand for", () => {
    const change = {
      id: 207850041,
      live: { clock: "2'", elapsed: 2 },
      markets: {
        "1x2": { odds: { home: "2.10", draw: "3.30", away: "3.90" } },
        "total:2.5": { odds: { over: "1.90", under: "1.95" } },
        "handicap:-1.5": { odds: { home: "3.10", away: "1.35" } },
      },
    };
    const row = toEventRow(change, (id) =>
      Object.keys(change.markets[id as keyof typeof change.markets]!.odds),
    );
    expect(JSON.stringify(row).length).toBeLessThan(JSON.stringify(change).length * 0.67);
  });
});
