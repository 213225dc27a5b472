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
    // Every channel of spec point 7 a player has, and ours: referral earnings and the support chat.
    expect(client.playerChannels).toHaveLength(13);
    expect(client.playerChannels).toContain("referral:earnings#42");
    expect(client.playerChannels).toContain("support:chat#42");

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

  it("after a dropped socket reconnects by itself and says so on the bus, so features read missed state again", async () => {
    await client.connect({ profileId: 43, getToken: () => tokenFor("43") });
    await waitFor(() => client.state === "connected");
    const reconnected: RealtimeEvent[] = [];
    bus.on("reconnected", (e) => reconnected.push(e));
    // The network drops: the server side of every socket goes away without a close frame.
    const hub = server.realtime.hub as unknown as { connections: Set<{ socket: WebSocket }> };
    for (const c of hub.connections) c.socket.terminate();
    await waitFor(() => reconnected.length === 1 && client.state === "connected", 10_000);
    expect(reconnected[0]).toEqual({ event: "reconnected", data: null });
  });

  it("tells the session when the hub ends the player's connection for good (session closed elsewhere)", async () => {
    let ended = 0;
    await client.connect({
      profileId: 44,
      getToken: () => tokenFor("44", { sessionId: "s-closed-elsewhere" }),
      onSessionEnded: () => ended++,
    });
    await waitFor(() => client.state === "connected");
    server.realtime.hub.disconnectSession("s-closed-elsewhere");
    await waitFor(() => ended === 1);
    expect(client.state).toBe("disconnected");
  });

  it("makes no player subscription without a token, even with a profile id", async () => {
    await client.connect({ profileId: 42 });
    expect(client.playerChannels).toEqual([]);
  });
});
