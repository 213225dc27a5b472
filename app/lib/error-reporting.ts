/**
 * Error reporting of the site (spec point 8, decision 0019): with SENTRY_DSN set, Sentry's browser SDK is
 * loaded (lazily, never in the entry chunk) the first time something is reported — an app-level error at
 * warning level with its status code and message, a failed messenger start. 401 and 403 are never reported
 * (they are a lost session, not a fault). Without a DSN the report is skipped with a console warning.
 */
export interface ErrorReportingSettings {
  dsn: string;
  environment: string;
}

type Sentry = typeof import("@sentry/browser");

let settings: ErrorReportingSettings | undefined;
let configured = false;
let sdk: Promise<Sentry | undefined> | undefined;

export function configureErrorReporting(s: ErrorReportingSettings | undefined): void {
  settings = s;
  configured = true;
}

export const ERROR_REPORTING_OFF =
  "Error reporting is off: SENTRY_DSN is not set, so this error is only logged here";

/** Statuses that are never reported: the session is gone or refused (spec point 7). */
export const UNREPORTED_STATUSES: ReadonlySet<number> = new Set([401, 403]);

function load(s: ErrorReportingSettings): Promise<Sentry | undefined> {
  sdk ??= import("@sentry/browser")
    .then((Sentry) => {
      Sentry.init({
        dsn: s.dsn,
        environment: s.environment,
        // Errors only, and only those we hand it: no tracing, no replays, no automatic capture of every
        // console line.
        defaultIntegrations: false,
        integrations: [
          Sentry.globalHandlersIntegration(),
          Sentry.linkedErrorsIntegration(),
          Sentry.dedupeIntegration(),
        ],
        tracesSampleRate: 0,
      });
      return Sentry;
    })
    .catch((err) => {
      console.warn("error reporting could not load", err);
      return undefined;
    });
  return sdk;
}

/**
 * Reports an error: `status` (an answer's, or the error page's) and `level` go with it. Browser only; never
 * throws. Answers whether it was handed to the service (false: off, or a 401/403).
 */
export function reportError(
  error: unknown,
  context: { level?: "error" | "warning"; status?: number; where?: string } = {},
): boolean {
  if (typeof window === "undefined") return false;
  if (context.status !== undefined && UNREPORTED_STATUSES.has(context.status)) return false;
  const s = settings;
  if (!s) {
    // Before the root's settings arrived nothing is known yet; after, unset means off (say which key).
    if (configured) console.warn(ERROR_REPORTING_OFF);
    return false;
  }
  const message = error instanceof Error ? error.message : String(error);
  void load(s).then((Sentry) => {
    Sentry?.withScope((scope) => {
      scope.setLevel(context.level ?? "error");
      if (context.status !== undefined) scope.setTag("status", String(context.status));
      if (context.where) scope.setTag("where", context.where);
      scope.setExtra("message", message);
      if (error instanceof Error) Sentry.captureException(error);
      else Sentry.captureMessage(context.status ? `${context.status}: ${message}` : message);
    });
  });
  return true;
}

/** Loads the SDK ahead (after the first paint), so uncaught errors are reported too; nothing without a DSN. */
export function startErrorReporting(): void {
  if (settings) void load(settings);
}
