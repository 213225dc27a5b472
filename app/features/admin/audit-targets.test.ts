import { describe, expect, it } from "vitest";
import { targetName, targetPath } from "./audit-targets";

describe("audit targets", () => {
  it("name the server's target types in the staff's words, and show an unknown one as stored", () => {
    expect(targetName("game_collection")).toBe("Collection");
    expect(targetName("sport_market")).toBe("Sport market");
    expect(targetName("something_new")).toBe("something_new");
  });

  it("lead to a player's page and an event's trading page (a market's through its event)", () => {
    expect(targetPath("player", "42")).toBe("/admin/players/42");
    expect(targetPath("sport_event", "207850041")).toBe("/admin/trading/207850041");
    expect(targetPath("sport_market", "207850041:1x2")).toBe("/admin/trading/207850041");
    expect(targetPath("bonus_code", "7")).toBeUndefined();
    expect(targetPath("player", null)).toBeUndefined();
  });
});
