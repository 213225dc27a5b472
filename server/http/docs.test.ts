import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestApp } from "../test/harness";

/**
 * The routes Fastify holds, read from its route tree (`printRoutes`): each line is a path segment under its
 * parent, with the methods registered there in brackets.
 */
function registeredRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const parents: { depth: number; path: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const m = /^([│ ├└─]*)(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line.trimEnd());
    if (!m?.[2]) continue;
    const depth = m[1]!.length;
    while (parents.length && parents.at(-1)!.depth >= depth) parents.pop();
    const path = (parents.at(-1)?.path ?? "") + m[2];
    parents.push({ depth, path });
    for (const method of m[3]?.split(", ") ?? []) routes.push({ method, url: path });
  }
  return routes;
}

describe("the API document", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
  });

  it("is served as OpenAPI 3.1 JSON and as a browsable page", async () => {
    const json = await t.app.inject({ url: "/api/docs/json" });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ openapi: "3.1.0", info: { title: "Lucky Harbor API" } });
    const page = await t.app.inject({ url: "/api/docs/" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
  });

  it("lists every API route with the schemas of its input and its answer", async () => {
    const doc = (await t.app.inject({ url: "/api/docs/json" })).json() as {
      paths: Record<string, Record<string, DocOperation>>;
    };
    const calls = registeredRoutes(t.app).filter(
      (r) =>
        r.url.startsWith("/api/") &&
        !r.url.startsWith("/api/docs") &&
        // Not calls: the websocket upgrade (docs/realtime.md) and the API's own 404 for unknown paths.
        r.url !== "/api/connection/websocket" &&
        r.url !== "/api/*" &&
        r.method !== "HEAD",
    );
    expect(calls.length).toBeGreaterThan(70);
    const missing: string[] = [];
    for (const { method, url } of calls) {
      const path = url.replace(/:(\w+)/g, "{$1}");
      const op = doc.paths[path]?.[method.toLowerCase()];
      const problems = op ? operationProblems(op, url, method) : ["not in the document"];
      for (const p of problems) missing.push(`${method} ${url}: ${p}`);
    }
    expect(missing).toEqual([]);
  });
});

describe("the API document beside a second copy of the contract", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite", { seed: false });
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
  });

  // The built server loads common/api twice: in its own bundle and in the site's server-rendering bundle, which
  // registers its own copies of the named schemas in zod's one global registry. The document was generated from
  // that registry and answered 500 "Duplicate schema id AdminNote" on every built server (issue #35).
  it("is made from the API's own schemas, not from whatever else registered the same ids", async () => {
    // Registered before the first request, as the site's bundle is (the document is made once, then kept).
    z.object({ id: z.string(), body: z.string() }).meta({ id: "AdminNote" });
    z.object({ code: z.string() }).meta({ id: "Currency" });
    const res = await t.app.inject({ url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const schemas = (res.json() as { components: { schemas: Record<string, { properties?: object }> } })
      .components.schemas;
    // The API's AdminNote (with its staff member), not the copy.
    expect(Object.keys(schemas.AdminNote?.properties ?? {}).sort()).toEqual([
      "body",
      "createdAt",
      "id",
      "staff",
    ]);
    expect(schemas.Currency?.properties).not.toEqual({ code: { type: "string" } });
  });
});

interface DocOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: object }> };
  responses?: Record<string, { content?: Record<string, { schema: object }> }>;
}

/** What an operation lacks: its path parameters, a body schema for a write, a schema for its answer. */
function operationProblems(op: DocOperation, url: string, method: string): string[] {
  const problems: string[] = [];
  for (const name of url.match(/:(\w+)/g) ?? []) {
    if (!op.parameters?.some((p) => p.in === "path" && p.name === name.slice(1)))
      problems.push(`no schema for path parameter ${name}`);
  }
  if (["POST", "PUT", "PATCH"].includes(method) && !op.requestBody) problems.push("no request body schema");
  // A success answer has a body schema; a redirect (3xx) is declared too, without one.
  const success = Object.entries(op.responses ?? {}).filter(([status]) => /^[23]\d\d$/.test(status));
  if (!success.length || success.some(([status, r]) => status.startsWith("2") && !r.content))
    problems.push("no response schema");
  return problems;
}
