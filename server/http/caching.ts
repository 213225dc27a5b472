import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * Public data that changes rarely and is the same for every visitor (content, settings, the form rules):
 * browsers and CDNs may keep it 15 minutes (spec point 7 has the site cache settings that long).
 */
export const cacheable = (reply: FastifyReply) => reply.header("cache-control", "public, max-age=900");

/** Marks every successful answer of the plugin's routes cacheable; errors are not. */
export function cacheSuccessfulAnswers(app: FastifyInstance): void {
  app.addHook("onSend", async (_req, reply) => {
    if (reply.statusCode === 200) cacheable(reply);
  });
}
