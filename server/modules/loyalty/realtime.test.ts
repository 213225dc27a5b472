import type { AddressInfo } from "node:net";
import type { Centrifuge, PublicationContext } from "centrifuge";
import { afterAll, beforeAll, expect, it } from "vitest";
import { PLAYER_ACCOUNT_EVENT } from "#common/api/loyalty";
import { playerChannel } from "#common/realtime";
import { createRealtime } from "../../realtime";
import { JWT_SECRET, once, sdkClient } from "../../realtime/test-support";
import { createTestApp, type TestApp } from "../../test/harness";
import { playerInRealGame } from "../game/test-support";
import { caller } from "../player/test-support";

let t: TestApp;
let url: string;
const clients: Centrifuge[] = [];

beforeAll(async () => {
  const realtime = createRealtime({ jwtSecret: JWT_SECRET, clock: { now: () => new Date() } });
  t = await createTestApp("pglite", { env: { JWT_SECRET, COOKIE_SECRET: JWT_SECRET }, realtime });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/connection/websocket`;
}, 60_000);
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await t.app.close();
  await t.database.close();
});

/** A player's own loyalty channel through the official SDK; every publication is kept. */
async function listen(token: string, playerId: bigint) {
  const c = sdkClient(url, { token });
  clients.push(c);
  const sub = c.newSubscription(playerChannel("loyalty", playerId));
  const got: PublicationContext[] = [];
  sub.on("publication", (p) => got.push(p));
  sub.subscribe();
  c.connect();
  await once(sub, "subscribed");
  return { sub, got };
}

it("a settled house-slot spin moves the loyalty account on its player's channel and on no one else's", {
  timeout: 60_000,
}, async () => {
  const player = caller(() => t.app);
  const a = await playerInRealGame(player, t.database.db, "harbor-fortune", "50");
  const b = await playerInRealGame(player, t.database.db, "harbor-fortune", "50");
  const mine = await listen(a.accessToken, a.playerId);
  const theirs = await listen(b.accessToken, b.playerId);
  const next = once<PublicationContext>(mine.sub, "publication", 10_000);
  const spin = await player.call({ url: `/api/house/sessions/${a.sessionId}/play`, body: { amount: "3" } });
  expect(spin.status).toBe(200);
  const pub = await next;
  expect(pub.data).toEqual({
    event: PLAYER_ACCOUNT_EVENT,
    data: { points: "3", currentLevel: null, nextLevel: { name: "Bronze", points: "5" } },
  });
  // Nothing reaches the other player.
  await new Promise((r) => setTimeout(r, 1500));
  expect(theirs.got).toEqual([]);
  const account = await player.call({ method: "GET", url: "/api/retention/account", token: a.accessToken });
  expect(account.body.data.points).toBe("3");
});
