import type { Centrifuge, PublicationContext, UnsubscribedContext } from "centrifuge";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { COMPANION_CLIENT, GLOBAL_ONLINE, playerChannel } from "#common/realtime";
import { once, type RealtimeServer, sdkClient, startRealtimeServer, tokenFor } from "./test-support";

/** The official `centrifuge` SDK against a real server: what the site's browsers will do. */
describe("realtime with the official centrifuge SDK", () => {
  let server: RealtimeServer;
  const clients: Centrifuge[] = [];
  const client = (...args: Parameters<typeof sdkClient>) => {
    const c = sdkClient(...args);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    server = await startRealtimeServer();
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.disconnect();
  });
  afterAll(() => server.close());

  it("connects a guest", async () => {
    const c = client(server.url);
    const connected = once<{ client: string }>(c, "connected");
    c.connect();
    expect((await connected).client).toMatch(/[0-9a-f-]{36}/);
  });

  it("connects a player, who receives publications on their own channel", async () => {
    const c = client(server.url, { token: await tokenFor("42") });
    const sub = c.newSubscription(playerChannel("accounts", 42));
    const received = once<PublicationContext>(sub, "publication");
    sub.subscribe();
    c.connect();
    await once(sub, "subscribed");
    await server.realtime.publish(playerChannel("accounts", 42), {
      event: "playerAccount",
      data: { balance: "10.00" },
    });
    expect((await received).data).toEqual({ event: "playerAccount", data: { balance: "10.00" } });
  });

  it("refuses another player's channel with 103 and an unknown namespace with 102", async () => {
    const c = client(server.url, { token: await tokenFor("42") });
    c.connect();
    await once(c, "connected");
    const theirs = c.newSubscription(playerChannel("accounts", 43));
    const refused = once<UnsubscribedContext>(theirs, "unsubscribed");
    theirs.subscribe();
    expect((await refused).code).toBe(103);

    const unknown = c.newSubscription("casino:secrets#42");
    const unknownRefused = once<UnsubscribedContext>(unknown, "unsubscribed");
    unknown.subscribe();
    expect((await unknownRefused).code).toBe(102);
  });

  it("refuses a guest a player channel", async () => {
    const c = client(server.url);
    c.connect();
    await once(c, "connected");
    const sub = c.newSubscription(playerChannel("bonuses", 42));
    const refused = once<UnsubscribedContext>(sub, "unsubscribed");
    sub.subscribe();
    expect((await refused).code).toBe(103);
  });

  it("refreshes an expired token through getToken", async () => {
    const expired = await tokenFor("7", { now: new Date(Date.now() - 7200_000), ttlSeconds: 60 });
    let asked = 0;
    const c = client(server.url, {
      token: expired,
      getToken: async () => {
        asked++;
        return tokenFor("7");
      },
    });
    const sub = c.newSubscription(playerChannel("spins", 7));
    sub.subscribe();
    c.connect();
    await once(sub, "subscribed");
    expect(asked).toBe(1);
  });

  it("tells subscribers of global:online how many are connected", async () => {
    const c = client(server.url);
    const sub = c.newSubscription(GLOBAL_ONLINE);
    const first = once<PublicationContext>(sub, "publication");
    sub.subscribe();
    c.connect();
    const pub = await first;
    expect(pub.data).toMatchObject({ event: "online" });
    expect((pub.data as { data: { count: number } }).data.count).toBeGreaterThanOrEqual(1);
  });

  it("leaves a widget's companion connection out of the people online", async () => {
    const watcher = client(server.url);
    const sub = watcher.newSubscription(GLOBAL_ONLINE);
    const first = once<PublicationContext>(sub, "publication");
    sub.subscribe();
    watcher.connect();
    const count = (p: PublicationContext) => (p.data as { data: { count: number } }).data.count;
    const before = count(await first);
    // A guest's tab and its sportsbook widgets' own connection: one more person, not two.
    const widgets = client(server.url, { name: COMPANION_CLIENT });
    const guest = client(server.url);
    widgets.connect();
    guest.connect();
    await Promise.all([once(widgets, "connected"), once(guest, "connected")]);
    const next = await once<PublicationContext>(sub, "publication", 10_000);
    expect(count(next)).toBe(before + 1);
  });
});

describe("reconnecting", () => {
  it("reconnects by itself after the server restarts, and gets publications again", async () => {
    let server = await startRealtimeServer();
    const port = server.port;
    const c = sdkClient(server.url, { token: await tokenFor("5") });
    const sub = c.newSubscription(playerChannel("invoices", 5));
    sub.subscribe();
    c.connect();
    await once(sub, "subscribed");

    const disconnected = once<{ code: number }>(c, "connecting");
    await server.close();
    expect((await disconnected).code).toBeGreaterThanOrEqual(0);
    server = await startRealtimeServer({ port });
    try {
      await once(sub, "subscribed", 10_000);
      const received = once<PublicationContext>(sub, "publication");
      await server.realtime.publish(playerChannel("invoices", 5), {
        event: "invoice.deposit.updated",
        data: { id: 1 },
      });
      expect((await received).data).toMatchObject({ event: "invoice.deposit.updated" });
    } finally {
      c.disconnect();
      await server.close();
    }
  });
});
