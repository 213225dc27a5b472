import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { playerChannel, type RealtimeEvent } from "#common/realtime";
import { RealtimeBus } from "../../app/lib/realtime/bus";
import { type ConnectionState, RealtimeClient } from "../../app/lib/realtime/client";
import { type RealtimeServer, startRealtimeServer, tokenFor } from "../../server/realtime/test-support";

/** The site's realtime client against a real server: how a tab follows login and logout. */
describe("the site's realtime client", () => {
  let server: RealtimeServer;
  let bus: RealtimeBus;
  let client: RealtimeClient;
  const states: ConnectionState[] = [];

  beforeAll(async () => {
    server = await startRealtimeServer();
    bus = new RealtimeBus();
    client = new RealtimeClient(server.url, () => import("centrifuge"), bus, { websocket: WebSocket });
    client.onState((s) => states.push(s));
  });
  afterAll(async () => {
    client.disconnect();
    await server.close();
  });

  const waitFor = async (check: () => boolean, ms = 5000) => {
    const end = Date.now() + ms;
    while (!check()) {
      if (Date.now() > end) throw new Error("timed out");
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it("connects a guest anonymously, following no player channel", async () => {
    const online: RealtimeEvent[] = [];
    bus.on("online", (e) => online.push(e));
    await client.connect();
    await waitFor(() => client.state === "connected");
    expect(states).toEqual(["connecting", "connected"]);
    expect(client.playerChannels).toEqual([]);
    await waitFor(() => online.length > 0);
    expect(online[0]).toMatchObject({ event: "online" });
  });

  it("reconnects with the token on login and follows the player's channels", async () => {
    await client.connect({ profileId: 42, getToken: () => tokenFor("42") });
    await waitFor(() => client.state === "connected");
    expect(client.playerChannels).toContain("wallet:accounts#42");
    expect(client.playerChannels).toHaveLength(11);

    const heard: RealtimeEvent[] = [];
    bus.on("accounts", (e) => heard.push(e));
    // Subscriptions complete shortly after connecting; publish until the first one is heard.
    await waitFor(() => {
      void server.realtime.publish(playerChannel("accounts", 42), { event: "playerAccount", data: { n: 1 } });
      return heard.length > 0;
    });
    expect(heard[0]).toEqual({ event: "playerAccount", data: { n: 1 } });
  });

  it("reconnects anonymously on logout and hears nothing of the player any more", async () => {
    await client.connect();
    await waitFor(() => client.state === "connected");
    expect(client.playerChannels).toEqual([]);
    const heard: RealtimeEvent[] = [];
    bus.on("accounts", (e) => heard.push(e));
    await server.realtime.publish(playerChannel("accounts", 42), { event: "playerAccount", data: {} });
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toEqual([]);
  });

  it("makes no player subscription without a token, even with a profile id", async () => {
    await client.connect({ profileId: 42 });
    expect(client.playerChannels).toEqual([]);
  });
});
