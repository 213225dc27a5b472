import { createHash, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Redis } from "ioredis";
import pg from "pg";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { ApiErrorBody, ErrorCode } from "#common/api/errors";
import { liveness, type Readiness, readiness } from "#common/api/operations";
import type { Db } from "../db/client";
import { processMetrics } from "../lib/metrics";
import { lastReconciliation } from "../modules/wallet";
import type { Hub } from "../realtime/hub";
import { clientIp } from "./client-ip";

declare module "fastify" {
  interface FastifyInstance {
    /** The first step of a graceful shutdown: /ready answers 503 from now on; requests are still served. */
    markShuttingDown(): void;
  }
}

/** The operational routes, at the root where load balancers and scrapers look (docs/operations.md). */
export const OPERATIONS_PATHS = { health: "/health", ready: "/ready", metrics: "/metrics" } as const;
const operationsPaths = new Set<string>(Object.values(OPERATIONS_PATHS));

/** How long /ready waits for a dependency before it counts as failing. */
const CHECK_TIMEOUT_MS = { database: 2000, redis: 1000 };

export interface OperationsDeps {
  db: Db;
  redis?: Redis;
  hub: Hub;
  /** When set, /metrics needs `Authorization: Bearer <token>`; unset, it answers loopback callers only. */
  metricsToken?: string;
}

/**
 * Liveness, readiness and Prometheus metrics, plus the request side of a graceful shutdown: once the app starts
 * closing, /ready says so and every new request is refused with 503 and `Connection: close`, while the requests
 * already under way finish. Register before the API and the site, so the hooks see every route.
 */
export async function registerOperations(
  app: FastifyInstance,
  deps: OperationsDeps,
): Promise<{ countRequest: RequestCounter }> {
  // Draining: /ready fails so balancers stop sending work, everything else is still served. Closing (from the
  // app's close on): new requests are refused too.
  let draining = false;
  let closing = false;
  app.decorate("markShuttingDown", () => {
    draining = true;
  });
  app.addHook("preClose", async () => {
    draining = true;
    closing = true;
  });

  const registry = appMetrics(deps);
  const metrics = Registry.merge([processMetrics, registry.registry]);
  const countRequest: RequestCounter = (labels, seconds) => {
    registry.requests.inc(labels);
    registry.duration.observe(labels, seconds);
  };

  app.addHook("onRequest", async (req, reply) => {
    const route = req.routeOptions.url;
    if (closing) {
      // Keep-alive connections end after their answer, so the server can finish closing.
      reply.header("connection", "close");
      if (route !== OPERATIONS_PATHS.ready)
        return failure(reply, 503, "unavailable", "The server is shutting down; try again");
    }
    // Probes and scrapes are not traffic: kept out of the request metrics (and, by their log level, the log).
    if (route && operationsPaths.has(route)) return;
    const started = process.hrtime.bigint();
    // The raw response's end, so answers written past Fastify (the site's hijacked renders) count too.
    reply.raw.once("finish", () => {
      const labels = {
        method: req.method,
        // The route's template, never the raw URL: one series per route, whatever the paths and queries.
        route: route ?? "unmatched",
        status_class: `${Math.floor(reply.raw.statusCode / 100)}xx`,
      };
      countRequest(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
  });
  app.addHook("onSend", async (_req, reply, payload) => {
    if (closing) reply.header("connection", "close");
    return payload;
  });

  const ops = app.withTypeProvider<ZodTypeProvider>();
  // Probes come every few seconds from every balancer: their request lines stay out of the info log.
  const quiet = { logLevel: "warn" as const };

  ops.get(
    OPERATIONS_PATHS.health,
    { ...quiet, schema: { hide: true, response: { 200: liveness } } },
    async (_req, reply) => {
      reply.header("cache-control", "no-store");
      return { status: "ok" as const };
    },
  );

  ops.get(
    OPERATIONS_PATHS.ready,
    { ...quiet, schema: { hide: true, response: { 200: readiness, 503: readiness } } },
    async (req, reply) => {
      reply.header("cache-control", "no-store");
      let answer: Readiness;
      if (draining) answer = { status: "unavailable", checks: { process: "shutting_down" } };
      else {
        const [database, redis] = await Promise.all([
          check("database", () => deps.db.execute(sql`select 1`), CHECK_TIMEOUT_MS.database, req.log),
          deps.redis ? check("redis", () => deps.redis!.ping(), CHECK_TIMEOUT_MS.redis, req.log) : undefined,
        ]);
        const checks: Readiness["checks"] = { process: "ok", database };
        if (redis) checks.redis = redis;
        const ok = database === "ok" && (redis ?? "ok") === "ok";
        answer = { status: ok ? "ok" : "unavailable", checks };
      }
      return reply.code(answer.status === "ok" ? 200 : 503).send(answer);
    },
  );

  ops.get(OPERATIONS_PATHS.metrics, { ...quiet, schema: { hide: true } }, async (req, reply) => {
    const refusal = metricsRefusal(deps.metricsToken, req.headers.authorization, clientIp(req));
    if (refusal) {
      if (refusal.status === 401) reply.header("www-authenticate", 'Bearer realm="metrics"');
      return failure(reply, refusal.status, refusal.code, refusal.message);
    }
    reply.header("cache-control", "no-store").type(metrics.contentType);
    return metrics.metrics();
  });
  // Answers given before the router (server/http/shared-answers.ts) are counted by the same function.
  return { countRequest };
}

/** Counts one answered request in the request metrics: its method, route template and status class. */
export type RequestCounter = (
  labels: { method: string; route: string; status_class: string },
  seconds: number,
) => void;

/** A refused call in the API's one error shape, sent from here so no error handler is needed. */
function failure(reply: FastifyReply, status: number, code: ErrorCode, message: string) {
  const body: ApiErrorBody = { code, message, errors: {} };
  return reply.code(status).type("application/json; charset=utf-8").send(JSON.stringify(body));
}

/**
 * Who may read /metrics: with METRICS_TOKEN set, whoever sends it as a bearer token (from anywhere, loopback
 * too); without it, callers on this host only — by the client address this deployment trusts (TRUST_PROXY,
 * BEHIND_CLOUDFLARE), so a reverse proxy on the same machine does not open the metrics to the internet.
 */
export function metricsRefusal(
  token: string | undefined,
  authorization: string | undefined,
  ip: string,
): { status: 401 | 403; code: ErrorCode; message: string } | undefined {
  if (token) {
    const sent = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1] ?? "";
    // Hashes of equal length, so the comparison takes the same time whatever was sent.
    const digest = (v: string) => createHash("sha256").update(v).digest();
    return timingSafeEqual(digest(sent), digest(token))
      ? undefined
      : { status: 401, code: "unauthorized", message: "The metrics need their bearer token" };
  }
  return isLoopback(ip)
    ? undefined
    : {
        status: 403,
        code: "forbidden",
        message: "The metrics answer this host only unless METRICS_TOKEN is set",
      };
}

function isLoopback(ip: string): boolean {
  if (isIP(ip) === 4) return ip.startsWith("127.");
  return ip === "::1" || /^::ffff:127\./i.test(ip);
}

async function check(
  name: string,
  probe: () => Promise<unknown>,
  timeoutMs: number,
  log: FastifyInstance["log"],
): Promise<"ok" | "failing"> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return "ok";
  } catch (err) {
    // The reason is for the operator's log; the probe's answer only says which check failed.
    log.warn({ err, check: name }, `readiness: ${name} is failing`);
    return "failing";
  } finally {
    clearTimeout(timer);
  }
}

/** The metrics of one app (its requests, sockets and pool); process-wide ones live in lib/metrics.ts. */
function appMetrics(deps: OperationsDeps) {
  const registry = new Registry();
  const labelNames = ["method", "route", "status_class"] as const;
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route template and status class",
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route template and status class",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const { hub, db } = deps;
  new Gauge({
    name: "websocket_connections",
    help: "Open realtime websocket connections on this process",
    registers: [registry],
    collect() {
      this.set(hub.size);
    },
  });

  // The pg pool behind Drizzle, when the database is a PostgreSQL server (PGlite has one connection, no pool).
  const client: unknown = Reflect.get(db, "$client");
  if (client instanceof pg.Pool) {
    const pool = client;
    const poolGauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    poolGauge("db_pool_connections", "Connections the PostgreSQL pool holds", () => pool.totalCount);
    poolGauge("db_pool_idle_connections", "Pool connections not in use", () => pool.idleCount);
    poolGauge(
      "db_pool_waiting_requests",
      "Queries waiting for a free pool connection",
      () => pool.waitingCount,
    );
  }

  // The last reconciliation (one indexed row), read at most once per scrape for both gauges.
  let last: { at: number; row: Promise<Awaited<ReturnType<typeof lastReconciliation>>> } | undefined;
  const reconciliation = () => {
    if (!last || Date.now() - last.at > 5000) {
      const row = lastReconciliation(db);
      row.catch(() => undefined);
      last = { at: Date.now(), row };
    }
    return last.row;
  };
  new Gauge({
    name: "ledger_reconciliation_last_run_timestamp_seconds",
    help: "When the last ledger reconciliation ran (Unix seconds); 0 when none has",
    registers: [registry],
    async collect() {
      const row = await reconciliation().catch(() => null);
      if (row !== null) this.set(row ? row.ranAt.getTime() / 1000 : 0);
    },
  });
  new Gauge({
    name: "ledger_reconciliation_problems",
    help: "Problems the last ledger reconciliation found; 0 when the books balanced (or none has run)",
    registers: [registry],
    async collect() {
      const row = await reconciliation().catch(() => null);
      if (row !== null) this.set(row?.problems.length ?? 0);
    },
  });
  return { registry, requests, duration };
}
