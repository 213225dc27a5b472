import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { contactMessageSchema } from "#common/validation/contact";
import { validationMessages } from "#common/validation/messages";
import type { AppDeps } from "../../app";
import { clientIp } from "../../http/client-ip";
import { ApiError, parse } from "../../http/errors";
import { ContentStore, contentLocale } from "../content";
import { announceContactCounts } from "./contact-desk";
import { storeCommunication } from "./service";

export const notificationRoutes =
  (deps: AppDeps, content = new ContentStore()): FastifyPluginAsyncZod =>
  async (app) => {
    /** The contact form. Field errors come in the sender's language, from the fields-settings content. */
    app.post(
      "/notification/communications",
      {
        schema: {
          body: contactMessageSchema(),
          response: { 201: z.object({ id: z.number().int(), createdAt: z.string() }) },
        },
        // The declared schema documents the form; the handler checks it again with the messages of the sender's
        // language, so a failed check here is left to it rather than answered in English.
        attachValidation: true,
        // Counted before the body is read, like every attempt, valid or not.
        onRequest: async (req) => {
          const limit = { max: deps.config.CONTACT_RATE_LIMIT_PER_HOUR, windowSeconds: 3600 };
          const hit = await deps.limiter.hit(`contact:ip:${clientIp(req)}`, limit);
          if (hit.allowed) return;
          const minutes = Math.ceil(hit.retryAfterSeconds / 60);
          throw new ApiError(
            429,
            "too_many_requests",
            `Too many messages from your address. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
            {},
            { "retry-after": String(hit.retryAfterSeconds) },
          );
        },
      },
      async (req, reply) => {
        const locale = contentLocale((req.body as { locale?: unknown } | undefined)?.locale);
        const settings = await content.directory("fields-settings", locale);
        const messages = validationMessages(settings.validation);
        const message = parse(contactMessageSchema(messages), req.body);
        const row = await storeCommunication(deps.db, message, {
          ip: clientIp(req),
          userAgent: req.headers["user-agent"] ?? null,
        });
        // Every open support inbox hears that a message waits (decision 0054).
        await announceContactCounts({ db: deps.db, publisher: deps.realtime });
        reply.status(201);
        return { id: row.id, createdAt: row.createdAt.toISOString() };
      },
    );
  };
