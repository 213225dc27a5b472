import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from "fastify";

/**
 * The trace id: the site sends one with every API call (`x-trace-id`, app/lib/api.ts; the spec's "every call
 * sends a trace id header"). It becomes the request's id, so every log line of the request carries it as
 * `traceId`, and it is echoed in the answer's `x-trace-id` so a player's report and the logs meet. A caller
 * that sends none, or something that is not an id (it is written into logs and headers), gets a fresh one.
 */
export const TRACE_HEADER = "x-trace-id";

const TRACE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * One access line a request, written when it ends: the request (method, url, caller) and its answer (status,
 * time) together. Fastify's default adds an "incoming request" line before it, which doubled the logging cost
 * of every call (a quarter of the server's thread on a cached read, bench/README.md) for nothing the end line
 * lacks but the moment a request began; a request still under way has no line until it ends.
 */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error)
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        "request errored",
      );
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
  }
}

/** Fastify options: the request id is the caller's trace id, logged under `traceId`. */
export const traceOptions = {
  requestIdHeader: false as const,
  logController: new AccessLog({ requestIdLogLabel: "traceId" }),
  genReqId: (req: IncomingMessage): string => {
    const sent = req.headers[TRACE_HEADER];
    return typeof sent === "string" && TRACE_ID.test(sent) ? sent : randomUUID();
  },
};

/** Echoes the trace id on every answer, errors and pages included (set first, so nothing answers without). */
export function registerTraceId(app: FastifyInstance): void {
  app.addHook("onRequest", async (req, reply) => {
    reply.header(TRACE_HEADER, req.id);
  });
}
