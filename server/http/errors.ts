import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifySchemaCompiler,
  FastifyServerOptions,
} from "fastify";
import { isResponseSerializationError } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { ApiErrorBody, ErrorCode } from "#common/api/errors";
import { reportServerError } from "../lib/error-reporting";

/** A failure the caller can act on; its message and field errors are shown to them as they are. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors: Record<string, string[]> = {},
    /** Sent with the answer, e.g. Retry-After with a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  static notFound(what = "Not found") {
    return new ApiError(404, "not_found", what);
  }
}

/** A lone UTF-16 surrogate: a high one without its low one after it, or a low one without its high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const textIssue = (s: string) =>
  s.includes("\u0000")
    ? "Must not contain the NUL character"
    : LONE_SURROGATE.test(s)
      ? "Must be valid text (a lone surrogate is not a character)"
      : undefined;

/**
 * Where the input carries U+0000 or a lone UTF-16 surrogate (`\ud800` without its pair), in a value or a key.
 * PostgreSQL's text and jsonb cannot hold NUL (the query fails, which used to answer a 500), and a lone
 * surrogate is no character at all (it has no UTF-8 form: the driver would store U+FFFD in its place, so what
 * is read back is not what was sent). No field of ours has a use for either: such input is refused as invalid at
 * the door, for every route at once, before any module sees it (decision 0038).
 */
function nulCharacterIssues(data: unknown): { path: PropertyKey[]; message: string }[] {
  const issues: { path: PropertyKey[]; message: string }[] = [];
  const visit = (value: unknown, path: PropertyKey[], depth: number) => {
    if (typeof value === "string") {
      const issue = textIssue(value);
      if (issue) issues.push({ path, message: issue });
    } else if (Array.isArray(value) && depth < 32) {
      for (const [i, v] of value.entries()) visit(v, [...path, i], depth + 1);
    } else if (value !== null && typeof value === "object" && !(value instanceof Uint8Array) && depth < 32) {
      for (const [k, v] of Object.entries(value)) {
        const issue = textIssue(k);
        if (issue) issues.push({ path, message: issue });
        visit(v, [...path, k], depth + 1);
      }
    }
  };
  visit(data, [], 0);
  return issues;
}

/** The 422 of input that does not match its schema, naming each bad field (`_` for the input as a whole). */
function invalidInput(issues: readonly { path: readonly PropertyKey[]; message: string }[]): ApiError {
  // A Map, not an object: a field may be named `constructor` or `__proto__`, which a plain object already has.
  const errors = new Map<string, string[]>();
  for (const issue of issues) {
    const field = issue.path.map(String).join(".") || "_";
    errors.set(field, [...(errors.get(field) ?? []), issue.message]);
  }
  return new ApiError(422, "validation_error", "Some fields are not valid", Object.fromEntries(errors));
}

/**
 * Parses input with a shared schema inside a handler; a mismatch becomes a 422 naming each bad field. Routes
 * declare their schemas instead; this is for input whose messages depend on the request (the caller's language).
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const nul = nulCharacterIssues(input);
  if (nul.length) throw invalidInput(nul);
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw invalidInput(result.error.issues);
}

/**
 * Validates a route's declared body, query and params with their zod schemas (common/api), answering the same
 * 422 as `parse`. A call without a body is checked as `{}`, so a form sent empty names its missing fields.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const nul = nulCharacterIssues(data);
    if (nul.length) return { error: invalidInput(nul) };
    const result = schema.safeParse(data == null && httpPart === "body" ? {} : data);
    return result.success ? { value: result.data } : { error: invalidInput(result.error.issues) };
  };

/** Every error leaves in one shape; a 5xx never shows its internals. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    let status: number;
    let body: ApiErrorBody;
    if (err instanceof ApiError) {
      status = err.status;
      body = { code: err.code, message: err.message, errors: err.errors };
      reply.headers(err.headers);
    } else if (isResponseSerializationError(err)) {
      // An answer that breaks its own schema is our bug: logged with the issues, never shown.
      status = 500;
      req.log.error({ err, issues: err.cause.issues }, "response does not match its schema");
      reportServerError(err, { tags: { route: req.routeOptions.url ?? "", method: req.method } });
      body = { code: "internal_error", message: "Something went wrong on our side", errors: {} };
    } else if (err.validation) {
      status = 400;
      body = { code: "bad_request", message: err.message, errors: {} };
    } else if (err.statusCode && err.statusCode < 500) {
      status = err.statusCode;
      body = { code: "bad_request", message: err.message, errors: {} };
      if (status === 429) body.code = "too_many_requests";
      if (status === 404) body.code = "not_found";
    } else {
      status = 500;
      req.log.error({ err }, "request failed");
      reportServerError(err, { tags: { route: req.routeOptions.url ?? "", method: req.method } });
      body = { code: "internal_error", message: "Something went wrong on our side", errors: {} };
    }
    reply.status(status).send(body);
  });
}

/**
 * The errors Fastify's router and Node's HTTP parser answer themselves, before any route, hook or error handler
 * runs: a path that does not decode (`/%ff`), a path parameter over the router's length, headers over Node's
 * limit (431), a request that is not HTTP, a request that never finished arriving (408). Left to them, these
 * answered in Fastify's own shape (`{statusCode, error, message}`, `FST_ERR_BAD_URL`); passed to `Fastify()`,
 * these options make them leave in the one shape too.
 */
export const frameworkErrorOptions: Pick<FastifyServerOptions, "frameworkErrors" | "clientErrorHandler"> = {
  frameworkErrors: (err, _req, frameworkReply) => {
    // Its generic types are the server's; this reply has no route, so the plain one is what it is.
    const reply = frameworkReply as unknown as FastifyReply;
    const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 400;
    const message =
      err.code === "FST_ERR_MAX_PARAM_LENGTH"
        ? "A part of the address is too long"
        : "The address is not valid";
    const body: ApiErrorBody = { code: "bad_request", message, errors: {} };
    void reply
      .status(status)
      .header("content-type", "application/json; charset=utf-8")
      .send(JSON.stringify(body));
  },
  // Node answers these on the socket, with no request object; Fastify's default handler writes its own shape.
  clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
    // A reset connection has nobody left to answer (Node's documentation of 'clientError').
    if (err.code === "ECONNRESET" || socket.destroyed) return;
    const [status, message] =
      err.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "The request took too long to arrive"]
        : err.code === "HPE_HEADER_OVERFLOW"
          ? [431, "The request's headers are too large"]
          : [400, "The request is not valid HTTP"];
    const body = JSON.stringify({ code: "bad_request", message, errors: {} } satisfies ApiErrorBody);
    if (socket.writable)
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    socket.destroy(err);
  },
};
