import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inProcessFetch } from "./in-process-fetch";

describe("the site's in-process API transport", () => {
  const app = Fastify({ trustProxy: "loopback" });
  const apiFetch = inProcessFetch(app);

  beforeAll(async () => {
    app.get("/api/echo", async (req, reply) => {
      reply.header("x-answer", "yes").header("set-cookie", ["a=1", "b=2"]);
      return { ip: req.ip, query: req.query, language: req.headers["accept-language"] };
    });
    app.post("/api/echo", async (req) => ({ body: req.body, type: req.headers["content-type"] }));
    app.delete("/api/empty", async (_req, reply) => reply.code(204).send());
    app.get("/api/slow", () => new Promise((r) => setTimeout(() => r({ late: true }), 500)));
    app.get("/api/refused", async (_req, reply) => reply.code(403).send({ code: "nope" }));
    await app.ready();
  });
  afterAll(() => app.close());

  it("answers as fetch would: status, headers, body, the visitor's forwarded address trusted", async () => {
    const res = await apiFetch("http://127.0.0.1:9/api/echo?a=1&b[]=2", {
      headers: { "accept-language": "ru", "x-forwarded-for": "203.0.113.7" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-answer")).toBe("yes");
    expect(res.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(await res.json()).toEqual({ ip: "203.0.113.7", query: { a: "1", "b[]": "2" }, language: "ru" });
  });

  it("sends a JSON body, and an empty answer has no body", async () => {
    const posted = await apiFetch("/api/echo", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ x: 1 }),
    });
    expect(await posted.json()).toEqual({ body: { x: 1 }, type: "application/json" });
    const empty = await apiFetch("/api/empty", { method: "DELETE" });
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    const refused = await apiFetch("/api/refused");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ code: "nope" });
  });

  it("gives up when the caller's signal times out", async () => {
    await expect(apiFetch("/api/slow", { signal: AbortSignal.timeout(50) })).rejects.toMatchObject({
      name: "TimeoutError",
    });
  });
});
