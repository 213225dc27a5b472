import { beforeEach, describe, expect, it, vi } from "vitest";

/** Sentry's browser SDK stands in as a recorder of what it was handed. */
const captured: { kind: string; what: string; level?: string; tags: Record<string, string> }[] = [];
const init = vi.fn();
vi.mock("@sentry/browser", () => {
  let scope = { level: undefined as string | undefined, tags: {} as Record<string, string> };
  return {
    init,
    globalHandlersIntegration: () => ({}),
    linkedErrorsIntegration: () => ({}),
    dedupeIntegration: () => ({}),
    withScope: (fn: (s: unknown) => void) => {
      scope = { level: undefined, tags: {} };
      fn({
        setLevel: (l: string) => {
          scope.level = l;
        },
        setTag: (k: string, v: string) => {
          scope.tags[k] = v;
        },
        setExtra: () => {},
      });
    },
    captureException: (e: Error) => captured.push({ kind: "exception", what: e.message, ...scope }),
    captureMessage: (m: string) => captured.push({ kind: "message", what: m, ...scope }),
  };
});

const { errorReporting } = await import("./error-reporting");
const { ERROR_REPORTING_OFF, report } = await import("./error-reporting-sdk");

describe("site error reporting (spec point 8)", () => {
  beforeEach(() => {
    captured.length = 0;
    init.mockClear();
  });

  it("without a DSN: nothing is sent, and a console warning names the key", async () => {
    errorReporting.configured = true;
    errorReporting.settings = undefined;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await report(new Error("boom"), { status: 500 })).toBe(false);
    expect(warn).toHaveBeenCalledWith(ERROR_REPORTING_OFF);
    expect(ERROR_REPORTING_OFF).toContain("SENTRY_DSN");
    expect(init).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it("with a DSN: an app error at warning level with its status; 401 and 403 never", async () => {
    errorReporting.configured = true;
    errorReporting.settings = { dsn: "https://k@errors.example/1", environment: "test" };
    expect(await report(new Error("Unauthorized"), { status: 401, level: "warning" })).toBe(false);
    expect(await report(new Error("Forbidden"), { status: 403, level: "warning" })).toBe(false);
    expect(
      await report("app error 500: Bad Gateway", { status: 500, level: "warning", where: "error page" }),
    ).toBe(true);
    expect(await report(new Error("init data missing"), { where: "messenger init" })).toBe(true);
    expect(init).toHaveBeenCalledTimes(1);
    expect(init.mock.calls[0]![0]).toMatchObject({ dsn: "https://k@errors.example/1", environment: "test" });
    expect(captured).toEqual([
      {
        kind: "message",
        what: "500: app error 500: Bad Gateway",
        level: "warning",
        tags: { status: "500", where: "error page" },
      },
      { kind: "exception", what: "init data missing", level: "error", tags: { where: "messenger init" } },
    ]);
  });
});
