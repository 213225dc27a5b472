import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";
import { apiOperations, type JsonSchema, operationName } from "../test/openapi";

/**
 * Issue #35, decision 0038: every string a caller can send has a length at the contract, so no field can carry
 * 400 KB into a rate-limit key, a log line or a row. Walks the request side of the API document (path, query,
 * body, at any depth) and names each string without a `maxLength` (an enum bounds itself).
 */
function unbounded(schema: JsonSchema, where: string, out: string[], depth = 0) {
  if (depth > 12) return;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (
    types.includes("string") &&
    !schema.enum &&
    schema.format !== "binary" &&
    schema.maxLength === undefined
  )
    out.push(where);
  for (const [k, v] of Object.entries(schema.properties ?? {})) unbounded(v, `${where}.${k}`, out, depth + 1);
  if (schema.items) unbounded(schema.items, `${where}[]`, out, depth + 1);
  for (const [i, v] of (schema.anyOf ?? []).entries()) unbounded(v, `${where}|${i}`, out, depth + 1);
  if (typeof schema.additionalProperties === "object")
    unbounded(schema.additionalProperties, `${where}.*`, out, depth + 1);
}

describe("the request contract's field bounds", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
  });

  it("gives every string of every request (path, query, body) a maximum length", async () => {
    const missing: string[] = [];
    const operations = await apiOperations(t.app);
    expect(operations.length).toBeGreaterThan(70);
    for (const op of operations) {
      for (const p of op.parameters) unbounded(p.schema, `${operationName(op)} ${p.in} ${p.name}`, missing);
      if (op.body) unbounded(op.body.schema, `${operationName(op)} body`, missing);
    }
    expect(missing, missing.join("\n")).toEqual([]);
  });

  const login = (payload: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/player/sessions",
      headers: { "content-type": "application/json", "cf-connecting-ip": "10.250.0.1" },
      payload,
    });

  it("refuses a field over its bound with a 422 naming it, before any work", async () => {
    const res = await login(JSON.stringify({ login: `${"a".repeat(400_000)}@example.com`, password: "x" }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: "validation_error", errors: { login: [expect.any(String)] } });
  });

  it("refuses NUL and lone surrogates in a value or a key with a 422 naming where", async () => {
    for (const [payload, field] of [
      ['{"login":"a\\u0000@example.com","password":"x"}', "login"],
      ['{"login":"a\\ud800@example.com","password":"x"}', "login"],
      ['{"login":"a@example.com","password":"\\udc00x"}', "password"],
      ['{"login":"a@example.com","password":"x","\\ud83d":1}', "_"],
    ] as const) {
      const res = await login(payload);
      expect(res.statusCode, payload).toBe(422);
      expect(res.json().errors, payload).toHaveProperty([field]);
    }
    // A surrogate pair is a character like any other (an emoji): not refused for that.
    const emoji = await login('{"login":"\\ud83d\\ude00@example.com","password":"x"}');
    expect(emoji.json().errors).not.toHaveProperty(["login"]);
  });
});
