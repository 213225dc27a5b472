import type { PublicationContext } from "centrifuge";
import { describe, expect, it } from "vitest";
import { GLOBAL_ONLINE, playerChannel, SPORT_CHANNELS } from "#common/realtime";
import { once, sdkClient, startRealtimeServer, tokenFor } from "./test-support";

const redisUrl = process.env.TEST_REDIS_URL;

/** Two hubs sharing Redis (in one process here; cross-process.test.ts runs a real second process). Runs when TEST_REDIS_URL is set (CI sets it). */
describe.runIf(redisUrl)("realtime across processes through Redis", () => {
  it("delivers a publication made by one process to a subscriber on another", async () => {
    const a = await startRealtimeServer({ redisUrl });
    const b = await startRealtimeServer({ redisUrl });
    const c = sdkClient(b.url, { token: await tokenFor("77") });
    try {
      const sub = c.newSubscription(playerChannel("notifications", 77));
      sub.subscribe();
      c.connect();
      await once(sub, "subscribed");
      const received = once<PublicationContext>(sub, "publication");
      await a.realtime.publish(playerChannel("notifications", 77), { event: "message", data: { id: 1 } });
      expect((await received).data).toEqual({ event: "message", data: { id: 1 } });
    } finally {
      c.disconnect();
      await a.close();
      await b.close();
    }
  });

  it("keeps what a process announces only here (its own odds feed's changes) to its own subscribers", async () => {
    const a = await startRealtimeServer({ redisUrl });
    const b = await startRealtimeServer({ redisUrl });
    const onA = sdkClient(a.url);
    const onB = sdkClient(b.url);
    try {
      const heard = { a: [] as unknown[], b: [] as unknown[] };
      for (const [name, client] of [
        ["a", onA],
        ["b", onB],
      ] as const) {
        const sub = client.newSubscription(SPORT_CHANNELS.live);
        sub.on("publication", (ctx) => heard[name].push(ctx.data));
        sub.subscribe();
        client.connect();
        await once(sub, "subscribed");
      }
      const here = { event: "changes", data: { from: "a only" } };
      const everywhere = { event: "changes", data: { from: "everyone" } };
      a.realtime.hub.publishHere(SPORT_CHANNELS.live, here);
      // Through Redis after it: once B hears this, it would have heard the first had it crossed too.
      await a.realtime.publish(SPORT_CHANNELS.live, everywhere);
      const until = Date.now() + 5000;
      while (heard.b.length === 0 || heard.a.length < 2) {
        if (Date.now() > until) throw new Error(`timed out: ${JSON.stringify(heard)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(heard.a).toEqual([here, everywhere]);
      expect(heard.b).toEqual([everywhere]);
    } finally {
      onA.disconnect();
      onB.disconnect();
      await a.close();
      await b.close();
    }
  });

  it("counts people online over every process", async () => {
    const a = await startRealtimeServer({ redisUrl, limits: { onlineIntervalMs: 200 } });
    const b = await startRealtimeServer({ redisUrl, limits: { onlineIntervalMs: 200 } });
    const onA = sdkClient(a.url, { token: await tokenFor("1") });
    const onB = sdkClient(b.url, { token: await tokenFor("2") });
    try {
      onB.connect();
      await once(onB, "connected");
      await new Promise((r) => setTimeout(r, 400)); // b reports its count
      const sub = onA.newSubscription(GLOBAL_ONLINE);
      const seen: number[] = [];
      sub.on("publication", (ctx) => seen.push((ctx.data as { data: { count: number } }).data.count));
      sub.subscribe();
      onA.connect();
      const deadline = Date.now() + 3000;
      while (!seen.includes(2) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(seen).toContain(2);
    } finally {
      onA.disconnect();
      onB.disconnect();
      await a.close();
      await b.close();
    }
  });
});
