import type { FastifyInstance, FastifyReply } from "fastify";
import type { Cache, CacheScope } from "../cache";

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

/**
 * Answers with JSON kept in the cache: the answer is written once, through the route's own response schema
 * (`reply.serialize`), and the bytes are served as they are until the scope is invalidated. Writing a large
 * answer costs more than reading it from memory; shared answers need not pay it on every request.
 */
export async function sendCached(
  reply: FastifyReply,
  cache: Cache,
  scope: CacheScope,
  key: string,
  load: () => Promise<unknown>,
): Promise<FastifyReply> {
  const body = await cache.get(scope, key, async () => Buffer.from(reply.serialize(await load()) as string));
  return reply.type("application/json; charset=utf-8").send(body);
}
