import { expect, it } from "vitest";
import { playerInRealGame } from "../../../modules/game/test-support";
import { caller } from "../../../modules/player/test-support";
import { describeEachDb } from "../../../test/harness";

/**
 * Issue 36 item 10: a player finds every house round they played. "Your rounds here" reads the player's recent
 * rounds of the game from the server (a reload or a new launch keeps them), never another player's; the wallet
 * history's casino rounds link each house round to its verification.
 */
describeEachDb("a player's house rounds in history", (ctx) => {
  const player = caller(() => ctx().app);
  const { call } = player;
  const db = () => ctx().database.db;

  const roll = (session: string) =>
    call({
      url: `/api/house/sessions/${session}/play`,
      body: { amount: "1", dice: { target: 50, direction: "over" } },
    });

  it("lists the player's rounds of this game across launches, newest first, and no one else's", async () => {
    const a = await playerInRealGame(player, db(), "harbor-dice", "50");
    const b = await playerInRealGame(player, db(), "harbor-dice", "50");
    const played: string[] = [];
    for (let i = 0; i < 3; i++) played.unshift(String((await roll(a.sessionId)).body.data.round.id));
    const theirs = String((await roll(b.sessionId)).body.data.round.id);
    // A round of another game of the same player stays out of the dice list.
    const slot = await call({
      url: "/api/game/games/harbor-fortune/play",
      body: { real: true },
      token: a.accessToken,
    });
    await call({ url: `/api/house/sessions/${slot.body.data.sessionId}/play`, body: { amount: "1" } });

    // A new launch (a reload opens one) still finds them.
    const again = await call({
      url: "/api/game/games/harbor-dice/play",
      body: { real: true },
      token: a.accessToken,
    });
    const listed = await call({
      method: "GET",
      url: `/api/house/sessions/${again.body.data.sessionId}/rounds`,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((r: { id: string }) => r.id)).toEqual(played);
    expect(listed.body.data[0]).toMatchObject({
      engine: "dice",
      bet: "1",
      currency: "USD",
      status: "settled",
    });

    const other = await call({ method: "GET", url: `/api/house/sessions/${b.sessionId}/rounds` });
    expect(other.body.data.map((r: { id: string }) => r.id)).toEqual([theirs]);
    const unknown = await call({
      method: "GET",
      url: "/api/house/sessions/00000000-0000-4000-8000-000000000000/rounds",
    });
    expect(unknown.status).toBe(404);
  });

  it("links each house round of the wallet's casino rounds to its verification, for its own player only", async () => {
    const a = await playerInRealGame(player, db(), "harbor-dice", "50");
    const b = await playerInRealGame(player, db(), "harbor-dice", "50");
    const round = (await roll(a.sessionId)).body.data.round;
    await roll(b.sessionId);
    const spins = await call({
      method: "GET",
      url: "/api/game/spins?page=1&perPage=10",
      token: a.accessToken,
    });
    expect(spins.body.meta.totalRows).toBe(1);
    const [spin] = spins.body.data;
    expect(spin.verifyUrl).toBe(`/provably-fair?token=${a.sessionId}&round=${round.id}`);
    // The link verifies: the round answers with its seeds.
    const check = await call({ method: "GET", url: `/api/house/sessions/${a.sessionId}/rounds/${round.id}` });
    expect(check.body.data.round.id).toBe(String(round.id));
    // Another player's token does not open it.
    const refused = await call({
      method: "GET",
      url: `/api/house/sessions/${b.sessionId}/rounds/${round.id}`,
    });
    expect(refused.status).toBe(404);
  });
});
