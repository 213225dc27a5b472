import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { type ApiRoute, apiRoutes } from "#common/api/routes";
import { createTestApp, type TestApp } from "../test/harness";

/**
 * The site's route map (common/api/routes.ts, decision 0043) says what the server answers: every entry is a route
 * the server registers, with the same query, body and success answers. The routes are seen as Fastify adds them
 * (an onRoute hook on the app the harness builds), so the check reads the very schemas the server validates with.
 */
const registered = vi.hoisted(() => [] as RouteOptions[]);
vi.mock("fastify", async (importOriginal) => {
  const mod = await importOriginal<typeof import("fastify")>();
  const create = ((...args: unknown[]) => {
    const app = (mod.default as (...a: unknown[]) => ReturnType<typeof mod.default>)(...args);
    app.addHook("onRoute", (route: RouteOptions) => {
      registered.push(route);
    });
    return app;
  }) as typeof mod.default;
  return { ...mod, default: create };
});

/** A schema as JSON Schema: two schemas that read and write the same documents compare equal. */
const shape = (schema: unknown, io: "input" | "output") =>
  schema === undefined ? undefined : z.toJSONSchema(schema as z.ZodType, { io, unrepresentable: "any" });

/** The success answers of a route's `response`, by status. */
const successes = (response: unknown) =>
  Object.fromEntries(
    Object.entries((response ?? {}) as Record<string, unknown>)
      .filter(([status]) => /^2\d\d$/.test(status))
      .map(([status, schema]) => [status, shape(schema, "output")]),
  );

describe("the API route map", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(async () => {
    await t?.app.close();
    await t?.database.close();
  });

  const entries = Object.entries(apiRoutes as Record<string, ApiRoute>);

  it("names each call once, as METHOD /path with {param} parts", () => {
    expect(entries.length).toBeGreaterThan(100);
    for (const [key] of entries) expect(key).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/[\w\-/{}*]*$/);
  });

  it.each(entries)("%s is a route the server answers with the same schemas", (key, entry) => {
    const [method, path] = key.split(" ") as [string, string];
    const url = `/api${path.replace(/\{\*\}/g, "*").replace(/\{(\w+)\}/g, ":$1")}`;
    const route = registered.find(
      (r) => r.url === url && (Array.isArray(r.method) ? r.method.includes(method) : r.method === method),
    );
    expect(route, `${method} ${url} is not registered`).toBeDefined();
    const schema = (route?.schema ?? {}) as {
      querystring?: unknown;
      body?: unknown;
      response?: unknown;
      consumes?: string[];
    };
    expect(shape(entry.query, "input"), "query").toEqual(shape(schema.querystring, "input"));
    expect(shape(entry.body, "input"), "body").toEqual(shape(schema.body, "input"));
    expect(successes(entry.response), "response").toEqual(successes(schema.response));
    expect(entry.multipart === true, "multipart").toBe(
      schema.consumes?.includes("multipart/form-data") === true,
    );
  });
});
