import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Cache, CacheScope } from "../cache";
import { acceptedEncoding, type Encoding } from "./compress-page";

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

/** Answers smaller than this go as they are: compressing them saves less than its headers cost. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * An answer as written once, with its compressed copies, each made the first time a client accepts it and kept
 * as long as the answer is: a browser's games list goes 14 KB → ~2 KB over a phone's link without compressing
 * it again on every request.
 */
class WrittenAnswer {
  private readonly copies: Partial<Record<Encoding, Buffer>> = {};
  /** When its data was read: a copy kept elsewhere (the shared answers) lives no longer than the scope allows. */
  readonly readAt = performance.now();
  constructor(readonly raw: Buffer) {}

  as(encoding: Encoding): Buffer {
    this.copies[encoding] ??=
      encoding === "br"
        ? brotliCompressSync(this.raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 9,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: this.raw.length,
            },
          })
        : gzipSync(this.raw, { level: 9 });
    return this.copies[encoding];
  }
}

/**
 * Answers with JSON kept in the cache: the answer is written once, through the route's own response schema
 * (`reply.serialize`), and the bytes are served as they are until the scope is invalidated, compressed as the
 * client accepts (Brotli, else gzip) from a copy made once. Writing a large answer costs more than reading it
 * from memory; shared answers need not pay it on every request.
 */
export async function sendCached(
  reply: FastifyReply,
  cache: Cache,
  scope: CacheScope,
  key: string,
  load: () => Promise<unknown>,
): Promise<FastifyReply> {
  const answer = await cache.get(
    scope,
    key,
    async () => new WrittenAnswer(Buffer.from(reply.serialize(await load()) as string)),
  );
  reply.type("application/json; charset=utf-8");
  const body = bodyFor(reply, answer);
  // A guest's answer may then be given to the next guests before the router (server/http/shared-answers.ts).
  reply.server.sharedAnswers?.offer(reply, { scope, readAt: answer.readAt, body });
  return reply.send(body);
}

function bodyFor(reply: FastifyReply, answer: WrittenAnswer): Buffer {
  if (answer.raw.length < COMPRESS_FROM_BYTES) return answer.raw;
  // The answer differs by what the client accepts: a shared cache must keep them apart.
  const vary = reply.getHeader("vary");
  reply.header("vary", vary ? `${vary}, accept-encoding` : "accept-encoding");
  const encoding = acceptedEncoding(reply.request.raw);
  if (!encoding) return answer.raw;
  reply.header("content-encoding", encoding);
  return answer.as(encoding);
}
