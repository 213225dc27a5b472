import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import type { Cache, CacheScope } from "../cache";
import { type TrustFn, type TrustProxy, trustFunction } from "./client-ip";
import { acceptedEncoding } from "./compress-page";
import type { RequestCounter } from "./operations";
import { hasSessionCookie } from "./page-cache";
import { traceOptions } from "./trace";

/**
 * Guests' shared API answers, given before the router (issue 41). A cached read (`sendCached`: the currencies,
 * the games list) is the same bytes for every guest who asks the same address in the same way; Fastify's
 * routing, hooks and reply cost three times a bare route on top of those bytes (bench/README). So the first
 * guest's answer, as Fastify wrote it (its security headers included), is kept here and given to the next
 * guests straight from the socket's handler, with their own trace id, access line and request metrics.
 *
 * Kept apart, by the key: the address, the host, the scheme (a trusted proxy's word for it, as Fastify reads
 * it), the CDN's country and the encoding the client accepts: everything the hooks and the routes read of a
 * guest's request. Never kept or given: a request with a session (a token cookie or a bearer token) or a body,
 * an answer that sets a cookie or is not a 200. Dropped with the cache scope its data came from (the same
 * announcement as the data), and at the scope's time limit counted from when the data was read.
 */
export interface SharedAnswerSource {
  scope: CacheScope;
  /** When the data was read (`performance.now()`): the answer lives no longer than the scope allows from it. */
  readAt: number;
  body: Buffer;
}

interface Entry {
  until: number;
  route: string;
  /**
   * The kept headers and the body's length as Node's flat `[name, value, …]` list; each answer adds its trace id
   * at the end. Spreading an object of headers and adding two went through V8's slow property path for every
   * answer (~5 % of the server's CPU on a cached read, `perf` under load); a list is copied as a list.
   */
  headers: (string | number)[];
  body: Buffer;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Guests' cached answers given before the router; absent where the app was built without them. */
    sharedAnswers?: SharedAnswers;
  }
}

/** Who reports a given answer: one access line and the request metrics, as Fastify's own answers do. */
export interface SharedAnswerReporting {
  log: (line: object, msg: string) => void;
  /** Whether `log` writes anything at the logger's level (the access line is info). */
  logs: () => boolean;
  count: RequestCounter;
  /** Which peers may speak for the caller (TRUST_PROXY, as Fastify trusts them): the line names the caller. */
  trust?: TrustFn;
}

const lastEntry = (value: string) => value.slice(value.lastIndexOf(",") + 1).trim();

/** Whether the peer connected to us may speak for the caller (its forwarded headers count). */
function fromTrustedPeer(req: IncomingMessage, trust: TrustFn | undefined): boolean {
  const peer = req.socket.remoteAddress;
  return trust !== undefined && peer !== undefined && trust(peer, 0);
}

/**
 * The request as the access line's serializer reads it (method, url, headers, host, ip, socket), answered as
 * Fastify's request answers it, so a shared answer's line names the caller (behind a trusted proxy, the one it
 * forwards for) and the host as the router's lines do.
 */
function loggedRequest(req: IncomingMessage, trust: TrustFn | undefined) {
  const socket = req.socket;
  const forwardedHost = req.headers["x-forwarded-host"];
  return {
    method: "GET",
    url: req.url,
    headers: req.headers,
    host:
      typeof forwardedHost === "string" && fromTrustedPeer(req, trust)
        ? lastEntry(forwardedHost)
        : (req.headers.host ?? ""),
    ip: trust ? proxyAddr.all(req, trust).at(-1) : socket.remoteAddress,
    socket,
  };
}

/**
 * The scheme as Fastify's `request.protocol` reads it: a forwarded one only from a trusted proxy (the security
 * headers give HSTS by it), so a client's own `x-forwarded-proto` cannot share a proxied HTTPS request's answer.
 */
function schemeOf(req: IncomingMessage, trust: TrustFn | undefined): string {
  const forwarded = req.headers["x-forwarded-proto"];
  if (typeof forwarded === "string" && forwarded && fromTrustedPeer(req, trust)) return lastEntry(forwarded);
  return (req.socket as { encrypted?: boolean }).encrypted ? "https" : "http";
}

/** At most this many answers are kept; the oldest go first, so odd queries cannot grow it. */
const MAX_ANSWERS = 2_000;

/** Headers of one answer only, written anew for each. */
const OWN_HEADERS = new Set([
  "x-trace-id",
  "date",
  "connection",
  "keep-alive",
  "content-length",
  "transfer-encoding",
]);
const SOURCE = Symbol("sharedAnswerSource");
const GENERATION = Symbol("sharedAnswerGeneration");
type Marked = IncomingMessage & { [SOURCE]?: SharedAnswerSource; [GENERATION]?: number };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

export class SharedAnswers {
  private entries = new Map<string, Entry>();
  /** Bumped on every drop: an answer read before a drop is not kept after it. */
  private generation = 0;
  private reporting: SharedAnswerReporting | undefined;
  private cache: Cache | undefined;
  private readonly subscribed = new Set<string>();
  private open = true;

  /** Starts giving answers once the app can report them (its logger and metrics exist). */
  attach(reporting: SharedAnswerReporting, cache: Cache): void {
    this.reporting = reporting;
    this.cache = cache;
  }

  /** The server is closing: new requests go to Fastify, which refuses them as it closes. */
  close(): void {
    this.open = false;
    this.drop();
  }

  drop(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** The key of a guest's plain GET; undefined when the request is not one that may share an answer. */
  keyOf(req: IncomingMessage): string | undefined {
    const h = req.headers;
    if (req.method !== "GET" || h.authorization || h["content-length"] || h["transfer-encoding"])
      return undefined;
    if (h.cookie && hasSessionCookie(h.cookie)) return undefined;
    return `${req.url}\n${first(h.host)}\n${schemeOf(req, this.reporting?.trust)}\n${first(h["cf-ipcountry"])}\n${acceptedEncoding(req) ?? ""}`;
  }

  /** Answers `req` from a kept answer; false when it must go to Fastify. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    (req as Marked)[GENERATION] = this.generation;
    if (!this.open || !this.reporting || this.entries.size === 0) return false;
    const key = this.keyOf(req);
    const entry = key === undefined ? undefined : this.entries.get(key);
    if (!entry) return false;
    const started = performance.now();
    if (started >= entry.until) {
      this.entries.delete(key!);
      return false;
    }
    const traceId = traceOptions.genReqId(req);
    res.writeHead(200, [...entry.headers, "x-trace-id", traceId]);
    res.end(entry.body);
    const seconds = (performance.now() - started) / 1000;
    this.reporting.count({ method: "GET", route: entry.route, status_class: "2xx" }, seconds);
    // The line is built only when it is written: at a quieter level the request is not walked for nothing.
    if (this.reporting.logs())
      this.reporting.log(
        {
          traceId,
          req: loggedRequest(req, this.reporting.trust),
          res: { statusCode: 200 },
          responseTime: seconds * 1000,
        },
        "request completed",
      );
    return true;
  }

  /** `sendCached` names the kept data its answer was written from; the answer is kept once it is sent. */
  offer(reply: FastifyReply, source: SharedAnswerSource): void {
    (reply.request.raw as Marked)[SOURCE] = source;
  }

  /** After Fastify answered: keeps the answer when it was offered and may be shared (an `onResponse` hook). */
  keep(req: FastifyRequest, reply: FastifyReply): void {
    const raw = req.raw as Marked;
    const source = raw[SOURCE];
    if (!source || !this.open || raw[GENERATION] !== this.generation || reply.statusCode !== 200) return;
    const key = this.keyOf(raw);
    const headers = reply.getHeaders();
    if (key === undefined || headers["set-cookie"] !== undefined || source.scope.ttlMs <= 0) return;
    this.follow(source.scope.name);
    const kept: (string | number)[] = [];
    for (const [name, value] of Object.entries(headers))
      if (value !== undefined && !OWN_HEADERS.has(name))
        for (const one of Array.isArray(value) ? value : [value]) kept.push(name, one);
    kept.push("content-length", source.body.length);
    if (this.entries.size >= MAX_ANSWERS) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, {
      until: source.readAt + source.scope.ttlMs,
      route: req.routeOptions.url ?? "unmatched",
      headers: kept,
      body: source.body,
    });
  }

  /** Drops everything when a scope an answer came from is announced changed (here or by another process). */
  private follow(scope: string): void {
    if (this.subscribed.has(scope) || !this.cache) return;
    this.subscribed.add(scope);
    this.cache.onInvalidate(scope, () => this.drop());
  }
}

/**
 * Wires the shared answers into the app once its logger, metrics and cache exist: `sendCached` finds them on
 * the app, answers are kept after they are sent, and none is given once the app starts closing.
 */
export function registerSharedAnswers(
  app: FastifyInstance,
  shared: SharedAnswers,
  deps: { countRequest: RequestCounter; cache: Cache; trustProxy: TrustProxy },
): void {
  app.decorate("sharedAnswers", shared);
  shared.attach(
    {
      log: (line, msg) => app.log.info(line, msg),
      // Fastify's logger is pino, which can tell; another logger is asked to write every line.
      logs: () =>
        (app.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.("info") ?? true,
      count: deps.countRequest,
      trust: trustFunction(deps.trustProxy),
    },
    deps.cache,
  );
  app.addHook("onResponse", (req, reply, done) => {
    shared.keep(req, reply);
    done();
  });
  app.addHook("preClose", (done) => {
    shared.close();
    done();
  });
}

/**
 * Fastify's own HTTP server (as `lib/server.js` makes it: the same options), whose requests meet the shared
 * answers first.
 */
export function sharedAnswersServer(
  shared: SharedAnswers,
): NonNullable<FastifyServerOptions["serverFactory"]> {
  return (handler, options) => {
    const o = options as FastifyHttpOptions;
    const server = createServer(o.http ?? {}, (req, res) => {
      if (!shared.answer(req, res)) handler(req, res);
    });
    server.keepAliveTimeout = o.keepAliveTimeout ?? 72_000;
    server.requestTimeout = o.requestTimeout ?? 0;
    server.setTimeout(o.connectionTimeout ?? 0);
    if (o.maxRequestsPerSocket) server.maxRequestsPerSocket = o.maxRequestsPerSocket;
    return server;
  };
}

/** What Fastify's own server takes of its options (`lib/server.js`), defaults already applied. */
interface FastifyHttpOptions {
  http?: ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}
