import type { FastifyError, FastifyInstance } from "fastify";
import type { z } from "zod";
import type { ApiErrorBody } from "#common/api/errors";

/** A failure the caller can act on; its message and field errors are shown to them as they are. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | string,
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

/** Parses input with a shared schema; a mismatch becomes a 422 naming each bad field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join(".") || "_";
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  throw new ApiError(422, "validation_error", "Some fields are not valid", errors);
}

/** Every error leaves in one shape; a 5xx never shows its internals. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    let status: number;
    let body: ApiErrorBody;
    if (err instanceof ApiError) {
      status = err.status;
      body = { code: err.code, message: err.message, errors: err.errors };
      reply.headers(err.headers);
    } else if (err.validation) {
      status = 400;
      body = { code: "bad_request", message: err.message, errors: {} };
    } else if (err.statusCode && err.statusCode < 500) {
      status = err.statusCode;
      body = { code: err.code ?? "bad_request", message: err.message, errors: {} };
    } else {
      status = 500;
      req.log.error({ err }, "request failed");
      body = { code: "internal_error", message: "Something went wrong on our side", errors: {} };
    }
    reply.status(status).send(body);
  });
}
