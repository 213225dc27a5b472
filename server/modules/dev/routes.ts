import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type OutboxEntry, outboxEntry } from "#common/api/outbox";
import type { AppDeps } from "../../app";
import type { AdjustableClock } from "../../lib/clock";
import { listMessages } from "./service";

const query = z.object({
  to: z.string().max(254).trim().optional(),
  channel: z.enum(["email", "sms"]).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/**
 * GET /api/dev/outbox?to=&channel=: what the built-in e-mail and SMS providers kept, newest first, with the
 * links and the code found in each text. Registered only outside production (app.ts): it shows live codes.
 */
export const devOutboxRoutes =
  (deps: Pick<AppDeps, "db">): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/dev/outbox",
      { schema: { querystring: query, response: { 200: z.object({ data: z.array(outboxEntry) }) } } },
      async (req, reply) => {
        const q = req.query;
        reply.header("cache-control", "no-store");
        const rows = await listMessages(deps.db, { recipient: q.to, channel: q.channel, limit: q.limit });
        const data: OutboxEntry[] = rows.map((m) => ({
          id: m.id,
          channel: m.channel,
          to: m.recipient,
          subject: m.subject,
          text: m.text,
          html: m.html,
          createdAt: m.createdAt.toISOString(),
          links: m.text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
          code: /\b(\d{6})\b/.exec(m.text)?.[1] ?? null,
        }));
        return { data };
      },
    );
  };

/**
 * POST /api/dev/clock {advanceHours}: moves the server's clock forward (TEST_CLOCK_CONTROL only), so a browser
 * journey sees a period end — last period's cashback — without waiting a day. Never backwards: what happened
 * stays in the past.
 */
export const devClockRoutes =
  (clock: AdjustableClock): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/dev/clock",
      {
        schema: {
          body: z.object({
            advanceHours: z
              .number()
              .positive()
              .max(24 * 366),
          }),
          response: { 200: z.object({ now: z.string() }) },
        },
      },
      async (req) => {
        clock.advance(req.body.advanceHours * 3_600_000);
        return { now: clock.now().toISOString() };
      },
    );
  };
