import { type ErrorContext, errorReporting } from "./error-reporting";

/**
 * The lazy side of error reporting (decision 0019): Sentry's browser SDK, itself imported only when
 * SENTRY_DSN is set. An app-level error goes at warning level with its status code and message; 401 and 403
 * are never reported (a lost session, not a fault); without a DSN a console warning says reports are off.
 */
export const ERROR_REPORTING_OFF =
  "Error reporting is off: SENTRY_DSN is not set, so this error is only logged here";

/** Statuses that are never reported: the session is gone or refused (spec point 7). */
export const UNREPORTED_STATUSES: ReadonlySet<number> = new Set([401, 403]);

let ready: Promise<typeof import("@sentry/browser") | undefined> | undefined;

export function init() {
  const s = errorReporting.settings;
  if (!s) return Promise.resolve(undefined);
  ready ??= import("@sentry/browser").then((Sentry) => {
    Sentry.init({
      dsn: s.dsn,
      environment: s.environment,
      // Errors only, and only those we hand it or that go uncaught: no tracing, no replays, no console capture.
      defaultIntegrations: false,
      integrations: [
        Sentry.globalHandlersIntegration(),
        Sentry.linkedErrorsIntegration(),
        Sentry.dedupeIntegration(),
      ],
      tracesSampleRate: 0,
    });
    return Sentry;
  });
  return ready;
}

/** Answers whether the report went to the service (false: a 401/403, or reporting off). */
export async function report(error: unknown, context: ErrorContext): Promise<boolean> {
  if (context.status !== undefined && UNREPORTED_STATUSES.has(context.status)) return false;
  if (!errorReporting.settings) {
    // Before the root's settings arrived nothing is known yet; after, no DSN means off.
    if (errorReporting.configured) console.warn(ERROR_REPORTING_OFF);
    return false;
  }
  const Sentry = await init();
  if (!Sentry) return false;
  const message = error instanceof Error ? error.message : String(error);
  Sentry.withScope((scope) => {
    scope.setLevel(context.level ?? "error");
    if (context.status !== undefined) scope.setTag("status", String(context.status));
    if (context.where) scope.setTag("where", context.where);
    scope.setExtra("message", message);
    if (error instanceof Error) Sentry.captureException(error);
    else Sentry.captureMessage(context.status ? `${context.status}: ${message}` : message);
  });
  return true;
}
