import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ApiError, installErrorHandler } from "../http/errors";
import {
  ERROR_REPORTING_OFF,
  type ErrorReporter,
  flushErrorReports,
  reportServerError,
  setErrorReporter,
  startErrorReporting,
} from "./error-reporting";

afterEach(() => setErrorReporter(undefined));

describe("server error reporting", () => {
  const app = Fastify();
  const reported: { message: string; level: string; tags?: Record<string, string> }[] = [];
  const fake: ErrorReporter = {
    capture: (err, c) => reported.push({ message: (err as Error).message, level: c.level, tags: c.tags }),
    flush: async () => {},
  };
  beforeAll(async () => {
    installErrorHandler(app);
    app.get("/boom", async () => {
      throw new Error("connection to db-7.internal:5432 refused");
    });
    app.get("/refused/:status", async (req) => {
      const status = Number((req.params as { status: string }).status);
      throw new ApiError(status, "forbidden", "Not for you");
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it("reports a failure on our side, and the client sees none of its internals", async () => {
    setErrorReporter(fake);
    reported.length = 0;
    const res = await app.inject("/boom");
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: "internal_error",
      message: "Something went wrong on our side",
      errors: {},
    });
    expect(res.body).not.toContain("db-7");
    expect(reported).toEqual([
      {
        message: "connection to db-7.internal:5432 refused",
        level: "error",
        tags: { route: "/boom", method: "GET" },
      },
    ]);
  });

  it("does not report answers about the request (401, 403, 404, 422)", async () => {
    setErrorReporter(fake);
    reported.length = 0;
    for (const status of [401, 403, 404, 422])
      expect((await app.inject(`/refused/${status}`)).statusCode).toBe(status);
    expect(reported).toEqual([]);
  });

  it("a reporter that throws never breaks the answer", async () => {
    setErrorReporter({
      capture: () => {
        throw new Error("reporter down");
      },
      flush: async () => {},
    });
    expect(() => reportServerError(new Error("x"))).not.toThrow();
    expect((await app.inject("/boom")).statusCode).toBe(500);
  });

  it("without SENTRY_DSN: off, with a warning naming the key", async () => {
    const warnings: string[] = [];
    expect(await startErrorReporting({ APP_ENV: "test" }, (m) => warnings.push(m))).toBe(false);
    expect(warnings).toEqual([ERROR_REPORTING_OFF]);
    expect(ERROR_REPORTING_OFF).toContain("SENTRY_DSN");
  });

  it("with SENTRY_DSN: the error reaches the DSN's host as a Sentry envelope", async () => {
    const bodies: { url: string; body: string }[] = [];
    const collector = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c) => chunks.push(c));
      req.on("end", () => {
        bodies.push({ url: req.url ?? "", body: Buffer.concat(chunks).toString() });
        res.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((r) => collector.listen(0, "127.0.0.1", r));
    const { port } = collector.address() as AddressInfo;
    try {
      const warnings: string[] = [];
      const on = await startErrorReporting(
        {
          APP_ENV: "test",
          SENTRY_DSN: `http://publickey@127.0.0.1:${port}/7`,
          SENTRY_ENVIRONMENT: "staging",
        },
        (m) => warnings.push(m),
      );
      expect(on).toBe(true);
      expect(warnings).toEqual([]);
      reportServerError(new Error("ledger post failed"), { tags: { route: "/api/x" } });
      await flushErrorReports(5000);
      const sent = bodies.find((b) => b.body.includes("ledger post failed"));
      expect(sent?.url.split("?")[0]).toBe("/api/7/envelope/");
      expect(sent?.body).toContain('"environment":"staging"');
      expect(sent?.body).toContain('"level":"error"');
    } finally {
      setErrorReporter(undefined);
      await new Promise((r) => collector.close(r));
    }
  });
});
