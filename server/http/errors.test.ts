import Fastify from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { installErrorHandler, parse, zodValidatorCompiler } from "./errors";

describe("input validation", () => {
  const app = Fastify();
  const seen: unknown[] = [];
  beforeAll(async () => {
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installErrorHandler(app);
    app.post(
      "/things/:id",
      {
        schema: {
          params: z.object({ id: z.string() }),
          querystring: z.object({ q: z.string().optional() }),
          body: z.object({ name: z.string(), tags: z.record(z.string(), z.string()).default({}) }),
        },
      },
      async (req) => {
        seen.push(req.body);
        return { ok: true };
      },
    );
    await app.ready();
  });
  afterAll(() => app.close());

  // Found by the API fuzz test: PostgreSQL cannot store or compare text holding U+0000, so a game id, a search
  // or an outbox address carrying it failed the query and answered 500.
  it("refuses the NUL character in a path, a query, a body value or a key, naming the field", async () => {
    const send = (url: string, payload: unknown) =>
      app.inject({ method: "POST", url, payload: payload as object });
    const cases = [
      ["/things/a%00b", { name: "x" }, "id"],
      ["/things/a?q=%00", { name: "x" }, "q"],
      ["/things/a", { name: "x\u0000" }, "name"],
      ["/things/a", { name: "x", tags: { "k\u0000": "v" } }, "tags"],
      ["/things/a", { name: "x", tags: { k: "\u0000" } }, "tags.k"],
    ] as const;
    for (const [url, payload, field] of cases) {
      const res = await send(url, payload);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 422, "validation_error"]);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    expect(seen).toEqual([]);
    const fine = await send("/things/a?q=b", { name: "ok é 😀" });
    expect(fine.statusCode).toBe(200);
    expect(() => parse(z.object({ code: z.string() }), { code: "1\u00002" })).toThrow(
      expect.objectContaining({ status: 422, code: "validation_error", errors: { code: expect.any(Array) } }),
    );
  });
});
