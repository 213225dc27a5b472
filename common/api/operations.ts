import { z } from "zod";

/**
 * The operational probes at the site's root (docs/operations.md), outside /api: load balancers and orchestrators
 * call them, players never do.
 */

/** GET /health (liveness): the process answers. Nothing else is checked, so a slow database never kills it. */
export const liveness = z.object({ status: z.literal("ok") }).meta({ id: "Liveness" });
export type Liveness = z.infer<typeof liveness>;

/** One dependency's state; why it failed goes to the log, never into the answer. */
export const checkState = z.enum(["ok", "failing"]);

/**
 * GET /ready (readiness): 200 when every check passes, 503 otherwise. `process` is `shutting_down` from the first
 * moment of a graceful shutdown; the dependencies are then no longer asked. `redis` appears only when Redis is
 * configured.
 */
export const readiness = z
  .object({
    status: z.enum(["ok", "unavailable"]),
    checks: z.object({
      process: z.enum(["ok", "shutting_down"]),
      database: checkState.optional(),
      redis: checkState.optional(),
    }),
  })
  .meta({ id: "Readiness" });
export type Readiness = z.infer<typeof readiness>;
