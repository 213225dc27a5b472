import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, dbKinds, type TestApp } from "../../test/harness";
import { roundTrips } from "../../test/round-trips";
import { caller } from "../player/test-support";
import { post } from "../wallet/test-support";
import { ControlledFeed, matchEvent } from "./test-support";

/**
 * Statements sent to PostgreSQL per bet placed through `POST /api/sportsbook/bets`, BEGIN and COMMIT included: a
 * ratchet that only goes down (issue 38: a money path's cost is its round trips; pgbench's TPC-B transaction is 7).
 * Lower it when a change lowers it.
 */
const CEILING = { single: 6, combo: 6 };

describe.runIf(dbKinds().includes("postgres"))("sportsbook bet round trips (issue 38)", () => {
  let t: TestApp;
  const feed = new ControlledFeed();
  const { call, register } = caller(() => t.app);
  beforeAll(async () => {
    t = await createTestApp("postgres", { oddsFeed: feed });
    for (const id of [1, 2, 3, 4, 5]) feed.setEvent(matchEvent(id));
  });
  afterAll(async () => {
    await t?.app.close();
    await t?.database.close();
  });

  it("a single bet and a 3-leg combo stay within their round trips", async () => {
    const { accessToken } = await register();
    const opened = await call({ url: "/api/wallet/accounts", body: { currency: "USD" }, token: accessToken });
    const accountId = BigInt(opened.body.data.id);
    await post(t.database.db, {
      accountId,
      amount: "100",
      kind: "adjustment",
      reference: "test:opening",
      idempotencyKey: `opening:${accountId}`,
    });
    const play = await call({ url: "/api/game/games/sportsbook/play", body: {}, token: accessToken });
    const token = play.body.data.token as string;
    const bet = (requestId: string, type: "single" | "combo", events: number[], stake = "1") =>
      call({
        url: "/api/sportsbook/bets",
        token,
        body: {
          type,
          stake,
          requestId,
          selections: events.map((e) => ({ selectionId: `${e}:1x2:home`, odds: "2.10" })),
        },
      });
    // Warm: the first call of a kind may read what later ones keep.
    const warm = await bet("rt-warm-1", "single", [5]);
    expect(warm.status, JSON.stringify(warm.body)).toBe(200);
    const single = await roundTrips(() => bet("rt-single-1", "single", [1]));
    expect(single.result.status, JSON.stringify(single.result.body)).toBe(200);
    const combo = await roundTrips(() => bet("rt-combo-1", "combo", [2, 3, 4]));
    expect(combo.result.status, JSON.stringify(combo.result.body)).toBe(200);
    // The facts relay reads new facts after a commit, beside the call (its consumers' work, not the call's).
    const ofCall = (s: string[]) =>
      s.filter((q) => !/^select .* from "domain_facts" where \("domain_facts"\."pending"/.test(q));
    single.statements = ofCall(single.statements);
    combo.statements = ofCall(combo.statements);
    console.log(`single (${single.statements.length}):\n${single.statements.join("\n")}`);
    console.log(`combo (${combo.statements.length}):\n${combo.statements.join("\n")}`);
    expect(single.statements.length, single.statements.join("\n")).toBeLessThanOrEqual(CEILING.single);
    expect(combo.statements.length, combo.statements.join("\n")).toBeLessThanOrEqual(CEILING.combo);
    // A player with a limit takes the longer way (the limits read further, the bet is written on its own).
    const limit = await call({
      url: "/api/player/limits",
      body: { definition: 1, period: "daily", amount: "10", currency: "USD" },
      token: accessToken,
    });
    expect(limit.status, JSON.stringify(limit.body)).toBe(201);
    const over = await bet("rt-over-limit", "single", [1], "20");
    expect([over.status, over.body.code]).toEqual([403, "limit_reached"]);
    const within = await bet("rt-in-limit", "single", [1]);
    expect(within.status, JSON.stringify(within.body)).toBe(200);
  });
});
