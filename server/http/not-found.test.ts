import { afterAll, beforeAll, expect, it } from "vitest";
import { apiErrorBody } from "#common/api/error-body";
import { createTestApp, type TestApp } from "../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp("pglite");
});
afterAll(async () => {
  await t.app.close();
  await t.database.close();
});

// Found by the API fuzz test: a wildcard value of `../../../` took the request out of /api to `/`, which an
// API-only app (no site) answered with Fastify's own 404 body instead of the one error shape.
it("answers a path nothing serves, inside /api or out of it, with a 404 in the one error shape", async () => {
  for (const url of ["/api/no-such-call", "/api/content/pages/../../../?locale=x", "/no-such-page", "/"]) {
    const res = await t.app.inject({ url });
    expect(res.statusCode, url).toBe(404);
    const body = apiErrorBody.parse(res.json());
    expect(body.code, url).toBe("not_found");
  }
});
