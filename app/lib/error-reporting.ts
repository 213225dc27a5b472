/**
 * Error reporting of the site (spec point 8, decision 0019). This part is in the entry chunk and only hands
 * reports to error-reporting-sdk.ts, a lazy chunk that loads Sentry's browser SDK when SENTRY_DSN is set —
 * or, without it, skips the report with a console warning naming the key.
 */
export interface ErrorReportingSettings {
  dsn: string;
  environment: string;
}

export interface ErrorContext {
  level?: "error" | "warning";
  status?: number;
  where?: string;
}

/** Set by the root from GET /player/init (`configured` once known; `settings` absent: no DSN). */
export const errorReporting: { configured: boolean; settings?: ErrorReportingSettings } = {
  configured: false,
};

const sdk = () => import("./error-reporting-sdk");

/** Reports an error (browser only, never throws): an app-level error, a failed messenger start or refresh. */
export function reportError(error: unknown, context: ErrorContext = {}): void {
  if (typeof window !== "undefined")
    void sdk()
      .then((m) => m.report(error, context))
      .catch(() => undefined);
}

/** Loads the SDK ahead (after the first paint), so uncaught errors are reported too; nothing without a DSN. */
export function startErrorReporting(): void {
  if (errorReporting.settings)
    void sdk()
      .then((m) => m.init())
      .catch(() => undefined);
}
