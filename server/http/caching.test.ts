import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CacheScope, createCache } from "../cache";
import { COMPRESS_FROM_BYTES, sendCached } from "./caching";

const scope: CacheScope = { name: "answers", ttlMs: 60_000, maxEntries: 10 };
const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Game number ${i}` })) };
const small = { ok: true };

describe("sendCached", () => {
  const app = Fastify();
  let loads = 0;
  beforeAll(async () => {
    const cache = createCache({});
    app.get("/big", (_req, reply) =>
      sendCached(reply, cache, scope, "big", async () => {
        loads++;
        return big;
      }),
    );
    app.get("/small", (_req, reply) => sendCached(reply, cache, scope, "small", async () => small));
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

  it("sends a large answer compressed as the client accepts, the same JSON each way", async () => {
    const plain = await get("/big");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("accept-encoding");
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);
    expect(plain.json()).toEqual(big);

    // What Chromium sends: Brotli is preferred.
    const br = await get("/big", "gzip, deflate, br, zstd");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("accept-encoding");
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(big);

    const gzip = await get("/big", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(big);
    expect(Number(gzip.headers["content-length"])).toBe(gzip.rawPayload.length);

    // Written once for all three answers (and compressed once per encoding, from that one copy).
    expect(loads).toBe(1);
    const again = await get("/big", "br");
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
  });

  it("sends a small answer as it is, whatever the client accepts", async () => {
    const res = await get("/small", "br, gzip");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.json()).toEqual(small);
  });
});
