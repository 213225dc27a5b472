/**
 * The Centrifuge client protocol v2 in JSON (PROTOCOLS.md section 2): what the official `centrifuge` SDK sends
 * and expects. Only the parts this hub speaks are typed.
 */

export const ErrorCode = {
  internal: 100,
  unauthorized: 101,
  unknownChannel: 102,
  permissionDenied: 103,
  methodNotFound: 104,
  alreadySubscribed: 105,
  limitExceeded: 106,
  badRequest: 107,
  tokenExpired: 109,
  tooManyRequests: 111,
} as const;

export interface ProtocolError {
  code: number;
  message: string;
  temporary?: boolean;
}

export const errorOf = {
  internal: (): ProtocolError => ({
    code: ErrorCode.internal,
    message: "internal server error",
    temporary: true,
  }),
  unauthorized: (): ProtocolError => ({ code: ErrorCode.unauthorized, message: "unauthorized" }),
  unknownChannel: (): ProtocolError => ({ code: ErrorCode.unknownChannel, message: "unknown channel" }),
  permissionDenied: (): ProtocolError => ({ code: ErrorCode.permissionDenied, message: "permission denied" }),
  methodNotFound: (): ProtocolError => ({ code: ErrorCode.methodNotFound, message: "method not found" }),
  alreadySubscribed: (): ProtocolError => ({
    code: ErrorCode.alreadySubscribed,
    message: "already subscribed",
  }),
  limitExceeded: (): ProtocolError => ({ code: ErrorCode.limitExceeded, message: "limit exceeded" }),
  badRequest: (): ProtocolError => ({ code: ErrorCode.badRequest, message: "bad request" }),
  tokenExpired: (): ProtocolError => ({ code: ErrorCode.tokenExpired, message: "token expired" }),
  tooManyRequests: (): ProtocolError => ({ code: ErrorCode.tooManyRequests, message: "too many requests" }),
};

/** Websocket close codes: 3000–3499 tell the client to reconnect, 3500+ not to. */
export const Disconnect = {
  shutdown: { code: 3001, reason: "shutdown" },
  /** The connection's token ran out and was not refreshed: reconnect with a fresh one. */
  expired: { code: 3005, reason: "expired" },
  noPong: { code: 3012, reason: "no pong" },
  tooManyRequests: { code: 3013, reason: "too many requests" },
  invalidToken: { code: 3500, reason: "invalid token" },
  badRequest: { code: 3501, reason: "bad request" },
  messageSizeLimit: { code: 3501, reason: "message too large" },
  /** Logout or a closed session: the token is dead, so reconnecting with it is pointless. */
  sessionClosed: { code: 3503, reason: "session closed" },
  /**
   * Too many connections from one address (REALTIME_MAX_CONNECTIONS_PER_IP): Centrifuge's own
   * DisconnectConnectionLimit (centrifugal/centrifuge disconnect.go: 3504 "connection limit"), terminal, so the
   * SDK does not hammer the server with reconnects.
   */
  connectionLimit: { code: 3504, reason: "connection limit" },
} as const;

export interface Command {
  id?: number;
  connect?: { token?: string; data?: unknown; name?: string; version?: string };
  subscribe?: { channel?: string; token?: string; recover?: boolean; offset?: number; epoch?: string };
  unsubscribe?: { channel?: string };
  refresh?: { token?: string };
  publish?: { channel?: string; data?: unknown };
  presence?: { channel?: string };
  presence_stats?: { channel?: string };
  history?: { channel?: string };
  rpc?: { method?: string; data?: unknown };
  send?: { data?: unknown };
  sub_refresh?: { channel?: string; token?: string };
}

export interface Publication {
  data: unknown;
  offset?: number;
}

/** Splits a frame into commands; `undefined` when any part is not a JSON object (a protocol violation). */
export function parseFrame(frame: string): Command[] | undefined {
  const commands: Command[] = [];
  for (const line of frame.split("\n")) {
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return undefined;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    if (!wellFormed(value as Record<string, unknown>)) return undefined;
    commands.push(value as Command);
  }
  // A frame without a single command (empty, or blank lines only) is not the protocol either (a pong is `{}`);
  // answering it with silence left such a client hanging (found by fuzz.test.ts).
  return commands.length > 0 ? commands : undefined;
}

/** The request fields the hub reads, which must be strings when present. */
const STRING_FIELDS = new Map<string, string[]>([
  ["connect", ["token"]],
  ["subscribe", ["channel"]],
  ["unsubscribe", ["channel"]],
  ["refresh", ["token"]],
]);

/**
 * The shape of one command, as Centrifugo's decoder would insist on it; fuzz.test.ts found each of these
 * answered with silence, with a reply the client cannot match, or (`"connect": null`) with a connection.
 */
function wellFormed(cmd: Record<string, unknown>): boolean {
  // The protocol's ids are uint32; anything else is not a command this hub can answer.
  const id = cmd.id;
  if (id !== undefined && !(Number.isInteger(id) && (id as number) >= 0 && (id as number) <= 0xffffffff)) {
    return false;
  }
  const method = Object.keys(cmd).find((key) => key !== "id");
  // `{}` is a pong; `{"id":5}` asks for nothing the hub could answer.
  if (method === undefined) return id === undefined;
  const request = cmd[method];
  if (typeof request !== "object" || request === null || Array.isArray(request)) return false;
  // Replies are matched by id: a command other than `send` without one (0 counts as none) can never be answered.
  if (method !== "send" && !id) return false;
  const fields = request as Record<string, unknown>;
  for (const field of STRING_FIELDS.get(method) ?? []) {
    if (field in fields && typeof fields[field] !== "string") return false;
  }
  return true;
}

/** The name of the one method a command carries, or undefined (an empty command is a pong). */
export function methodOf(cmd: Command): keyof Command | undefined {
  for (const key of Object.keys(cmd) as (keyof Command)[]) if (key !== "id") return key;
  return undefined;
}
