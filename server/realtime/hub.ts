import { isUtf8 } from "node:buffer";
import { randomUUID } from "node:crypto";
import type { WebSocket } from "ws";
import { COMPANION_CLIENT, GLOBAL_ONLINE } from "#common/realtime";
import type { Broker } from "./broker";
import { canSubscribe } from "./channels";
import type { OnlineCounter } from "./online";
import { type Command, Disconnect, errorOf, methodOf, type ProtocolError, parseFrame } from "./protocol";

export type Authenticate = (
  token: string,
) => Promise<
  | { ok: true; userId: string; sessionId: string; expiresAt: number }
  | { ok: false; reason: "expired" | "invalid" }
>;

export interface HubLimits {
  /** Seconds between server pings; the client answers each with a pong. */
  pingSeconds: number;
  /** A client silent for longer than this after a ping is dropped. */
  pongTimeoutMs: number;
  /** A socket that has not sent connect by then is dropped. */
  connectTimeoutMs: number;
  maxMessageBytes: number;
  maxSubscriptions: number;
  /** Commands per second per connection; more get 111, three times more closes the connection. */
  maxCommandsPerSecond: number;
  /** How often global:online is recomputed and announced when it changed. */
  onlineIntervalMs: number;
  /**
   * Open sockets one address may hold on this process; the next is closed with 3504 "connection limit". Counted
   * per process: with several behind a balancer an address may hold this many on each.
   */
  maxConnectionsPerIp: number;
}

export const DEFAULT_LIMITS: HubLimits = {
  pingSeconds: 25,
  pongTimeoutMs: 10_000,
  connectTimeoutMs: 10_000,
  maxMessageBytes: 64 * 1024,
  maxSubscriptions: 64,
  maxCommandsPerSecond: 50,
  onlineIntervalMs: 5_000,
  maxConnectionsPerIp: 50,
};

interface Connection {
  socket: WebSocket;
  client: string;
  /** The visitor's address, counted against the per-address cap. */
  ip?: string;
  connected: boolean;
  userId?: string;
  /** A widget's own connection beside its page's (the sportsbook widgets): not another person online. */
  companion?: boolean;
  sessionId?: string;
  expiresAt?: number;
  channels: Set<string>;
  lastSeen: number;
  windowStart: number;
  windowCount: number;
}

const VERSION = "casino-hub 1";
const NEWLINE = Buffer.from("\n");

/**
 * The realtime hub of one server process: speaks the Centrifuge protocol to its sockets, keeps who listens to
 * what, and delivers what the broker brings. Publications go through the broker even locally, so one process
 * and many behave the same.
 */
/** The hub's own channel between processes; `$` is no namespace, so no client can subscribe to it. */
const SESSION_CLOSED_CHANNEL = "$hub:session-closed";

export class Hub {
  private connections = new Set<Connection>();
  /** Open connections by address (maxConnectionsPerIp); an address leaves the map with its last one. */
  private perIp = new Map<string, number>();
  private byChannel = new Map<string, Set<Connection>>();
  private timers: NodeJS.Timeout[] = [];
  private lastOnline = -1;
  private closing = false;
  /** Pushes waiting for the end of this turn of the event loop, by connection (`queuePush`). */
  private queued = new Map<Connection, Buffer[]>();

  constructor(
    private readonly broker: Broker,
    private readonly authenticate: Authenticate,
    private readonly online: OnlineCounter,
    private readonly limits: HubLimits = DEFAULT_LIMITS,
    private readonly now: () => number = Date.now,
    /** Checks a subscription token of a channel that takes one (a guest's chat): the token signs the channel. */
    private readonly channelToken: (channel: string, token: string) => boolean = () => false,
  ) {
    broker.onMessage((channel, data) => {
      if (channel === SESSION_CLOSED_CHANNEL) this.dropSession((data as { sessionId?: string }).sessionId);
      else this.deliver(channel, data);
    });
    // Every process hears every closed session: the player's sockets may live on any of them.
    void broker.subscribe(SESSION_CLOSED_CHANNEL).catch(() => undefined);
    this.timers.push(setInterval(() => this.sweep(), limits.pingSeconds * 1000));
    this.timers.push(setInterval(() => void this.announceOnline(), limits.onlineIntervalMs));
    for (const t of this.timers) t.unref();
  }

  /** Announces an event on a channel, to subscribers on every server process. */
  publish(channel: string, data: unknown): Promise<void> {
    return this.broker.publish(channel, data);
  }

  /**
   * Announces an event to this process's subscribers only. For what every process makes itself, alike (the
   * odds feed's changes): through the broker, each subscriber would hear it once per process.
   */
  publishHere(channel: string, data: unknown): void {
    this.deliver(channel, data);
  }

  /**
   * Drops every connection of a revoked session at once (logout, closed session), on this process now and on
   * every other through the broker.
   */
  disconnectSession(sessionId: string): void {
    this.dropSession(sessionId);
    void this.broker.publish(SESSION_CLOSED_CHANNEL, { sessionId }).catch(() => undefined);
  }

  private dropSession(sessionId: string | undefined): void {
    if (!sessionId) return;
    for (const c of this.connections) if (c.sessionId === sessionId) this.close(c, Disconnect.sessionClosed);
  }

  get size(): number {
    return this.connections.size;
  }

  /** Takes a new socket from `ip` (the visitor's address as the server trusts it, `clientIp`). */
  accept(socket: WebSocket, ip?: string): void {
    if (this.closing) {
      socket.close(Disconnect.shutdown.code, Disconnect.shutdown.reason);
      return;
    }
    // Checked before anything is kept for the socket: one address opening hundreds costs a close each.
    if (ip !== undefined) {
      const open = this.perIp.get(ip) ?? 0;
      if (open >= this.limits.maxConnectionsPerIp) {
        socket.close(Disconnect.connectionLimit.code, Disconnect.connectionLimit.reason);
        return;
      }
      this.perIp.set(ip, open + 1);
    }
    const now = this.now();
    const conn: Connection = {
      socket,
      client: randomUUID(),
      ip,
      connected: false,
      channels: new Set(),
      lastSeen: now,
      windowStart: now,
      windowCount: 0,
    };
    this.connections.add(conn);
    const connectTimer = setTimeout(() => {
      if (!conn.connected) this.close(conn, Disconnect.badRequest);
    }, this.limits.connectTimeoutMs);
    connectTimer.unref();
    socket.on("message", (raw: Buffer, isBinary: boolean) => {
      if (isBinary || raw.length > this.limits.maxMessageBytes) {
        this.close(conn, isBinary ? Disconnect.badRequest : Disconnect.messageSizeLimit);
        return;
      }
      // ws leaves UTF-8 to the hub (skipUTF8Validation in index.ts): on its own it would close with 1007, a
      // code the SDK takes for a broken transport and reconnects on, rather than the bad request it is.
      if (!isUtf8(raw)) {
        this.close(conn, Disconnect.badRequest);
        return;
      }
      void this.onFrame(conn, raw.toString("utf8")).catch(() => this.close(conn, Disconnect.badRequest));
    });
    socket.on("close", () => {
      clearTimeout(connectTimer);
      this.forget(conn);
    });
    socket.on("error", () => this.forget(conn));
  }

  /** Graceful shutdown: every client is told to reconnect (to another process, or to this one restarted). */
  async close(): Promise<void>;
  close(conn: Connection, reason: { code: number; reason: string }): void;
  close(conn?: Connection, reason?: { code: number; reason: string }): void | Promise<void> {
    if (conn && reason) {
      this.flushPushes(conn);
      if (conn.socket.readyState === conn.socket.OPEN) conn.socket.close(reason.code, reason.reason);
      this.forget(conn);
      return;
    }
    this.closing = true;
    for (const t of this.timers) clearInterval(t);
    for (const c of [...this.connections]) this.close(c, Disconnect.shutdown);
    return Promise.all([this.online.close(), this.broker.close()]).then(() => undefined);
  }

  private async onFrame(conn: Connection, frame: string) {
    conn.lastSeen = this.now();
    const commands = parseFrame(frame);
    if (!commands) return this.close(conn, Disconnect.badRequest);
    const replies: unknown[] = [];
    for (const cmd of commands) {
      if (!this.connections.has(conn)) return;
      const method = methodOf(cmd);
      if (method === undefined) continue; // a pong
      if (!this.withinRate(conn)) {
        if (conn.windowCount > this.limits.maxCommandsPerSecond * 3)
          return this.close(conn, Disconnect.tooManyRequests);
        replies.push(reply(cmd, { error: errorOf.tooManyRequests() }));
        continue;
      }
      if (!conn.connected && method !== "connect") {
        // The SDK sends its subscriptions in the same frame as connect; when connect failed they are moot
        // (the client reconnects and sends them again). Without any connect, it is a protocol violation.
        if (commands.some((c) => c.connect)) continue;
        return this.close(conn, Disconnect.badRequest);
      }
      const result = await this.handle(conn, cmd, method);
      if (result !== undefined) replies.push(reply(cmd, result));
    }
    if (replies.length > 0) this.send(conn, replies);
    if (conn.connected && commands.some((c) => c.subscribe?.channel === GLOBAL_ONLINE))
      await this.sendOnline(conn);
  }

  private withinRate(conn: Connection): boolean {
    const now = this.now();
    if (now - conn.windowStart >= 1000) {
      conn.windowStart = now;
      conn.windowCount = 0;
    }
    conn.windowCount++;
    return conn.windowCount <= this.limits.maxCommandsPerSecond;
  }

  /** The reply body of one command: `{ <method>: result }`, `{ error }`, or undefined for none. */
  private async handle(
    conn: Connection,
    cmd: Command,
    method: keyof Command,
  ): Promise<Record<string, unknown> | undefined> {
    switch (method) {
      case "connect":
        return this.connect(conn, cmd.connect ?? {});
      case "subscribe":
        return this.subscribe(conn, cmd.subscribe?.channel, cmd.subscribe?.token);
      case "unsubscribe":
        return this.unsubscribe(conn, cmd.unsubscribe?.channel);
      case "refresh":
        return this.refresh(conn, cmd.refresh?.token);
      case "send":
        return undefined; // asynchronous messages have no reply, and the hub has no use for them
      case "publish":
      case "presence":
      case "presence_stats":
      case "history":
        // Clients only listen: the server alone publishes, and nobody sees who else is there.
        return { error: errorOf.permissionDenied() };
      default:
        return { error: errorOf.methodNotFound() };
    }
  }

  private async connect(conn: Connection, req: NonNullable<Command["connect"]>) {
    if (conn.connected) return { error: errorOf.badRequest() };
    if (req.token) {
      const auth = await this.authenticate(req.token);
      if (!auth.ok) {
        if (auth.reason === "expired") return { error: errorOf.tokenExpired() };
        this.close(conn, Disconnect.invalidToken);
        return undefined;
      }
      conn.userId = auth.userId;
      conn.sessionId = auth.sessionId;
      conn.expiresAt = auth.expiresAt;
    }
    conn.companion = req.name === COMPANION_CLIENT;
    conn.connected = true;
    return {
      connect: {
        client: conn.client,
        version: VERSION,
        ping: this.limits.pingSeconds,
        pong: true,
        ...this.ttl(conn),
      },
    };
  }

  private async refresh(conn: Connection, token: string | undefined) {
    if (!token) return { error: errorOf.badRequest() };
    const auth = await this.authenticate(token);
    if (!auth.ok) {
      if (auth.reason === "expired") return { error: errorOf.tokenExpired() };
      this.close(conn, Disconnect.invalidToken);
      return undefined;
    }
    // A connection keeps its identity: a token of someone else is not a refresh.
    if (auth.userId !== conn.userId) {
      this.close(conn, Disconnect.invalidToken);
      return undefined;
    }
    conn.sessionId = auth.sessionId;
    conn.expiresAt = auth.expiresAt;
    return { refresh: { client: conn.client, version: VERSION, ...this.ttl(conn) } };
  }

  private ttl(conn: Connection) {
    if (conn.expiresAt === undefined) return {};
    return { expires: true, ttl: Math.max(1, Math.floor(conn.expiresAt - this.now() / 1000)) };
  }

  private async subscribe(conn: Connection, channel: string | undefined, token?: string) {
    if (!channel || typeof channel !== "string") return { error: errorOf.badRequest() };
    if (conn.channels.has(channel)) return { error: errorOf.alreadySubscribed() };
    if (conn.channels.size >= this.limits.maxSubscriptions) return { error: errorOf.limitExceeded() };
    const tokenValid = typeof token === "string" && token !== "" && this.channelToken(channel, token);
    const denied: ProtocolError | undefined = canSubscribe(channel, conn.userId, tokenValid);
    if (denied) return { error: denied };
    conn.channels.add(channel);
    let listeners = this.byChannel.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.byChannel.set(channel, listeners);
      await this.broker.subscribe(channel);
    }
    listeners.add(conn);
    return { subscribe: {} };
  }

  private async unsubscribe(conn: Connection, channel: string | undefined) {
    if (!channel) return { error: errorOf.badRequest() };
    this.leave(conn, channel);
    return { unsubscribe: {} };
  }

  private leave(conn: Connection, channel: string) {
    conn.channels.delete(channel);
    const listeners = this.byChannel.get(channel);
    if (!listeners) return;
    listeners.delete(conn);
    if (listeners.size === 0) {
      this.byChannel.delete(channel);
      void this.broker.unsubscribe(channel).catch(() => undefined);
    }
  }

  private forget(conn: Connection) {
    this.queued.delete(conn);
    if (!this.connections.delete(conn)) return;
    if (conn.ip !== undefined) {
      const left = (this.perIp.get(conn.ip) ?? 1) - 1;
      if (left > 0) this.perIp.set(conn.ip, left);
      else this.perIp.delete(conn.ip);
    }
    for (const channel of [...conn.channels]) this.leave(conn, channel);
  }

  private deliver(channel: string, data: unknown) {
    const listeners = this.byChannel.get(channel);
    if (!listeners) return;
    // Encoded once for every listener: a string would be encoded again for each socket it is written to.
    const frame = Buffer.from(JSON.stringify({ push: { channel, pub: { data } } }));
    for (const conn of listeners) this.queuePush(conn, frame);
  }

  /**
   * Pushes wait for the end of the event loop's turn and leave as one WebSocket message per connection, one
   * reply a line (the Centrifuge JSON protocol's batching; the SDK splits on newlines). The odds feed publishes a
   * second's changes together: a viewer of five events and the live list got six messages a second, and writing
   * each to each socket (a `writev` apiece) was most of the hub's time for 1,000 viewers (bench/README.md).
   */
  private queuePush(conn: Connection, frame: Buffer) {
    // The first push of a turn schedules the write (one more after a reply emptied the queue finds it empty).
    if (this.queued.size === 0)
      setImmediate(() => {
        const all = this.queued;
        this.queued = new Map();
        for (const [c, frames] of all) this.writePushes(c, frames);
      });
    const queued = this.queued.get(conn);
    if (queued) queued.push(frame);
    else this.queued.set(conn, [frame]);
  }

  /** Writes a connection's queued pushes now: before a reply, so the client reads them in the order they came. */
  private flushPushes(conn: Connection) {
    const frames = this.queued.get(conn);
    if (!frames) return;
    this.queued.delete(conn);
    this.writePushes(conn, frames);
  }

  private writePushes(conn: Connection, frames: Buffer[]) {
    if (frames.length === 1) return this.writeRaw(conn, frames[0]!);
    const lines: Buffer[] = [];
    for (const f of frames) lines.push(f, NEWLINE);
    lines.pop();
    this.writeRaw(conn, Buffer.concat(lines));
  }

  /** Pings every connection; drops those that did not answer the previous ping in time. */
  private sweep() {
    const now = this.now();
    const deadline = this.limits.pingSeconds * 1000 + this.limits.pongTimeoutMs;
    for (const conn of [...this.connections]) {
      if (!conn.connected) continue;
      if (now - conn.lastSeen > deadline) {
        this.close(conn, Disconnect.noPong);
        continue;
      }
      if (conn.expiresAt !== undefined && conn.expiresAt * 1000 < now) {
        this.close(conn, Disconnect.expired);
        continue;
      }
      this.sendRaw(conn, "{}");
    }
  }

  /** Players and guests connected to this process: distinct players, plus each guest connection. */
  private localOnline(): number {
    const players = new Set<string>();
    let guests = 0;
    for (const c of this.connections) {
      if (!c.connected || c.companion) continue;
      if (c.userId) players.add(c.userId);
      else guests++;
    }
    return players.size + guests;
  }

  private async announceOnline() {
    const total = await this.online.report(this.localOnline()).catch(() => this.lastOnline);
    if (total === this.lastOnline) return;
    this.lastOnline = total;
    // Every process reckons the same total, so each tells only its own listeners.
    const listeners = this.byChannel.get(GLOBAL_ONLINE);
    if (!listeners) return;
    const frame = JSON.stringify({ push: { channel: GLOBAL_ONLINE, pub: { data: onlineEvent(total) } } });
    for (const conn of listeners) this.sendRaw(conn, frame);
  }

  /** A new listener hears the current count at once rather than waiting for the next change. */
  private async sendOnline(conn: Connection) {
    const total = await this.online.report(this.localOnline()).catch(() => this.localOnline());
    this.sendRaw(
      conn,
      JSON.stringify({ push: { channel: GLOBAL_ONLINE, pub: { data: onlineEvent(total) } } }),
    );
  }

  private send(conn: Connection, messages: unknown[]) {
    this.sendRaw(conn, messages.map((m) => JSON.stringify(m)).join("\n"));
  }

  private sendRaw(conn: Connection, frame: string | Buffer) {
    this.flushPushes(conn);
    this.writeRaw(conn, frame);
  }

  private writeRaw(conn: Connection, frame: string | Buffer) {
    // A text frame either way (the protocol is JSON); a Buffer is written as it is.
    if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(frame, { binary: false });
  }
}

function reply(cmd: Command, body: Record<string, unknown>) {
  return { id: cmd.id, ...body };
}

function onlineEvent(count: number) {
  return { event: "online", data: { count } };
}
