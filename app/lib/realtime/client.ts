import type { Centrifuge, Options, Subscription } from "centrifuge";
import {
  GLOBAL_ONLINE,
  PLAYER_CHANNELS,
  type PlayerChannelKind,
  playerChannel,
  type RealtimeEvent,
} from "#common/realtime";
import { type RealtimeBus, realtimeBus } from "./bus";

export type ConnectionState = "disconnected" | "connecting" | "connected";

/** Spec point 9: 5000 ms request timeout; reconnect backoff from 500 to 20000 ms. */
export const REALTIME_OPTIONS = { timeout: 5000, minReconnectDelay: 500, maxReconnectDelay: 20000 } as const;

export interface RealtimeAuth {
  /** The player whose channels to follow; none for a guest. */
  profileId?: string | number;
  /** The current access token, fetched again (refreshed) when the hub says it expired. */
  getToken?: () => Promise<string>;
}

/**
 * One connection per tab. A guest connects anonymously; on login it reconnects with the player's token and
 * follows the player's channels; on logout it reconnects anonymously. Publications go to the bus.
 */
export class RealtimeClient {
  private centrifuge?: Centrifuge;
  private playerSubs: Subscription[] = [];
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
    centrifuge.connect();
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
    this.centrifuge = undefined;
    this.setState("disconnected");
  }

  private setState(state: ConnectionState) {
    if (state === this.state) return;
    this.state = state;
    for (const l of this.listeners) l(state);
  }
}
