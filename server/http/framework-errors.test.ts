import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";

/**
 * Sends raw bytes to the listening server and reads its whole answer: the errors here come from Node's HTTP
 * parser and Fastify's router before any route or hook runs, which `inject` never reaches.
 */
function rawRequest(
  port: number,
  request: string,
): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let data = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      data += chunk;
    });
    socket.on("error", () => undefined); // the server may reset after answering
    socket.on("close", () => {
      const end = data.indexOf("\r\n\r\n");
      if (end < 0) return reject(new Error(`no HTTP answer: ${JSON.stringify(data.slice(0, 200))}`));
      const head = data.slice(0, end);
      resolve({ status: Number(head.split(" ")[1]), headers: head, body: data.slice(end + 4) });
    });
    socket.write(request);
  });
}

/** The one error shape, with nothing of Fastify's or Node's own (`statusCode`, `error`, `FST_…`). */
function expectApiError(res: { body: string; headers: string }, code: string) {
  expect(res.headers).toMatch(/content-type: application\/json/i);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(["code", "errors", "message"]);
  expect(body.code).toBe(code);
  expect(body.errors).toEqual({});
  expect(typeof body.message).toBe("string");
  expect(res.body).not.toMatch(/FST_|statusCode/);
}

describe("errors answered before any route runs use the one error shape", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp("pglite", { seed: false });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
  });

  const get = (path: string, extra = "") =>
    rawRequest(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}Connection: close\r\n\r\n`);

  it("a path that does not decode (/%ff) answers 400", async () => {
    for (const path of ["/%ff", "/api/%ff", "/api/settings/%c0%af"]) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expectApiError(res, "bad_request");
    }
  });

  it("a path parameter longer than the router takes answers in the same shape", async () => {
    // find-my-way refuses a parameter over 100 characters (414) unless a wildcard route takes the path (404).
    const res = await get(`/api/house/sessions/${"a".repeat(300)}/crash/history`);
    expect([404, 414]).toContain(res.status);
    expectApiError(res, res.status === 404 ? "not_found" : "bad_request");
  });

  it("headers over Node's limit (a 20 KB header) answer 431", async () => {
    const res = await get("/api/settings/currencies", `X-Big: ${"x".repeat(20_000)}\r\n`);
    expect(res.status).toBe(431);
    expectApiError(res, "bad_request");
  });

  it("a request Node's parser cannot read answers 400", async () => {
    const res = await rawRequest(port, "NOT HTTP AT ALL\r\n\r\n");
    expect(res.status).toBe(400);
    expectApiError(res, "bad_request");
  });
});
