import type { Config } from "../config";

/**
 * Error reporting of the server (spec point 8, decision 0019): with SENTRY_DSN set, requests that failed on
 * our side (5xx) and crashes go to Sentry (or a compatible service at that DSN) — the client still gets only
 * the one error shape, never the internals. Unset, one warning at start says reports are off. The SDK is
 * imported only when a DSN is set.
 */
export interface ErrorReporter {
  capture(err: unknown, context: { level: "error" | "warning"; tags?: Record<string, string> }): void;
  flush(timeoutMs: number): Promise<void>;
}

let reporter: ErrorReporter | undefined;

/** Reports an error when reporting is on; never throws. */
export function reportServerError(
  err: unknown,
  context: { level?: "error" | "warning"; tags?: Record<string, string> } = {},
): void {
  try {
    reporter?.capture(err, { level: context.level ?? "error", tags: context.tags });
  } catch {
    // reporting must never break the request it reports
  }
}

/** Installs (or, for tests, replaces) the reporter; undefined turns reporting off. */
export function setErrorReporter(r: ErrorReporter | undefined): void {
  reporter = r;
}

export const ERROR_REPORTING_OFF =
  "Error reporting is off: SENTRY_DSN is not set, so server errors are only logged (README, configuration)";

/** Starts reporting from the configuration: Sentry when SENTRY_DSN is set, else a warning. */
export async function startErrorReporting(
  config: Pick<Config, "SENTRY_DSN" | "SENTRY_ENVIRONMENT" | "APP_ENV">,
  warn: (message: string) => void = console.warn,
): Promise<boolean> {
  if (!config.SENTRY_DSN) {
    warn(ERROR_REPORTING_OFF);
    setErrorReporter(undefined);
    return false;
  }
  const Sentry = await import("@sentry/node");
  Sentry.init({
    dsn: config.SENTRY_DSN,
    environment: config.SENTRY_ENVIRONMENT ?? config.APP_ENV,
    // Errors only: no tracing, no automatic instrumentation of our modules (nor their request data).
    defaultIntegrations: false,
    integrations: [
      Sentry.onUncaughtExceptionIntegration(),
      Sentry.onUnhandledRejectionIntegration(),
      Sentry.linkedErrorsIntegration(),
    ],
  });
  setErrorReporter({
    capture: (err, { level, tags }) => {
      Sentry.captureException(err, { level, tags });
    },
    flush: async (ms) => {
      await Sentry.flush(ms);
    },
  });
  return true;
}

/** Sends what is queued before the process ends (graceful shutdown). */
export async function flushErrorReports(timeoutMs = 2000): Promise<void> {
  await reporter?.flush(timeoutMs).catch(() => undefined);
}
