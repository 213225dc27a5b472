import type { Centrifuge, Options, Subscription } from "centrifuge";
import {
  GLOBAL_ONLINE,
  PLAYER_CHANNELS,
  type PlayerChannelKind,
  playerChannel,
  type RealtimeEvent,
} from "#common/realtime";
import { type RealtimeBus, realtimeBus, type Topic } from "./bus";

export type ConnectionState = "disconnected" | "connecting" | "connected";

/** Spec point 9: 5000 ms request timeout; reconnect backoff from 500 to 20000 ms. */
export const REALTIME_OPTIONS = { timeout: 5000, minReconnectDelay: 500, maxReconnectDelay: 20000 } as const;

export interface RealtimeAuth {
  /** The player whose channels to follow; none for a guest. */
  profileId?: string | number;
  /** The current access token, fetched again (refreshed) when the hub says it expired. */
  getToken?: () => Promise<string>;
  /**
   * The hub ended the player's connection for good: their session was closed elsewhere (the sessions page,
   * another device's "log out everywhere") or the token was refused. The SDK does not reconnect after these.
   */
  onSessionEnded?: () => void;
}

/** Close codes after which the player's session is gone (server/realtime/protocol.ts: invalid token, closed). */
const SESSION_ENDED_CODES = new Set([3500, 3503]);

/**
 * One connection per tab. A guest connects anonymously; on login it reconnects with the player's token and
 * follows the player's channels; on logout it reconnects anonymously. Publications go to the bus.
 */
export class RealtimeClient {
  private centrifuge?: Centrifuge;
  private playerSubs: Subscription[] = [];
  /** Channels followed with a subscription token (a guest's support chat), kept across reconnections. */
  private followed = new Map<string, { token: string; topic: Topic; sub?: Subscription }>();
  private listeners = new Set<(state: ConnectionState) => void>();
  state: ConnectionState = "disconnected";

  constructor(
    private readonly url: string,
    private readonly load: () => Promise<typeof import("centrifuge")>,
    private readonly bus: RealtimeBus = realtimeBus,
    private readonly extra: Partial<Options> = {},
  ) {}

  onState(listener: (state: ConnectionState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** (Re)connects as the given user; called on start, login and logout. */
  async connect(auth: RealtimeAuth = {}): Promise<void> {
    this.disconnect();
    const { Centrifuge } = await this.load();
    const token = auth.getToken ? await auth.getToken() : undefined;
    const centrifuge = new Centrifuge(this.url, {
      ...REALTIME_OPTIONS,
      ...this.extra,
      ...(token ? { token, getToken: auth.getToken } : {}),
    });
    this.centrifuge = centrifuge;
    centrifuge.on("state", (ctx) => this.setState(ctx.newState as ConnectionState));
    // Publications sent while the socket was down are not replayed: after a reconnect, features that mirror
    // server state (balances) read it again.
    let connectedBefore = false;
    centrifuge.on("connected", () => {
      if (connectedBefore) this.bus.emit("reconnected", { event: "reconnected", data: null });
      connectedBefore = true;
    });
    if (token && auth.onSessionEnded) {
      const ended = auth.onSessionEnded;
      centrifuge.on("disconnected", (ctx) => {
        if (SESSION_ENDED_CODES.has(ctx.code)) ended();
      });
    }

    const online = centrifuge.newSubscription(GLOBAL_ONLINE);
    online.on("publication", (ctx) => this.bus.emit("online", ctx.data as RealtimeEvent));
    online.subscribe();

    // A player's own channels only once there is a profile id to name them (spec point 6).
    if (token && auth.profileId !== undefined) {
      for (const kind of Object.keys(PLAYER_CHANNELS) as PlayerChannelKind[]) {
        const sub = centrifuge.newSubscription(playerChannel(kind, auth.profileId));
        sub.on("publication", (ctx) => this.bus.emit(kind, ctx.data as RealtimeEvent));
        sub.subscribe();
        this.playerSubs.push(sub);
      }
    }
    for (const [channel, f] of this.followed) this.subscribeFollowed(channel, f);
    centrifuge.connect();
  }

  /**
   * Follows a channel no user owns with its subscription token (a guest's support chat, decision 0018); its
   * publications go to the bus under `topic`. Kept across reconnections until `unfollow`.
   */
  follow(channel: string, token: string, topic: Topic): void {
    if (this.followed.get(channel)?.token === token) return;
    this.unfollow(channel);
    const f = { token, topic } as { token: string; topic: Topic; sub?: Subscription };
    this.followed.set(channel, f);
    this.subscribeFollowed(channel, f);
  }

  unfollow(channel: string): void {
    const f = this.followed.get(channel);
    if (!f) return;
    this.followed.delete(channel);
    if (f.sub && this.centrifuge) this.centrifuge.removeSubscription(f.sub);
  }

  private subscribeFollowed(channel: string, f: { token: string; topic: Topic; sub?: Subscription }) {
    if (!this.centrifuge) return;
    const sub = this.centrifuge.newSubscription(channel, { token: f.token });
    sub.on("publication", (ctx) => this.bus.emit(f.topic, ctx.data as RealtimeEvent));
    sub.subscribe();
    f.sub = sub;
  }

  /** The player channels this tab follows now. */
  get playerChannels(): string[] {
    return this.playerSubs.map((s) => s.channel);
  }

  disconnect(): void {
    if (!this.centrifuge) return;
    this.centrifuge.disconnect();
    for (const sub of this.playerSubs) this.centrifuge.removeSubscription(sub);
    this.playerSubs = [];
    for (const f of this.followed.values()) {
      if (f.sub) this.centrifuge.removeSubscription(f.sub);
      f.sub = undefined;
    }
    this.centrifuge = undefined;
    this.setState("disconnected");
  }

  private setState(state: ConnectionState) {
    if (state === this.state) return;
    this.state = state;
    for (const l of this.listeners) l(state);
  }
}
