import type { AnalyticsSiteSettings } from "#common/analytics";
import type { Config } from "../../config";

type AnalyticsConfig = Pick<
  Config,
  | "APP_ENV"
  | "GTM_ID"
  | "GTM_SCRIPT_URL"
  | "COUNTER_ID"
  | "COUNTER_SCRIPT_URL"
  | "RECORDER_ID"
  | "RECORDER_SCRIPT_URL"
  | "PIXEL_URL"
  | "FINGERPRINT_ENABLED"
  | "FINGERPRINT_MONITORING"
  | "ANALYTICS_REQUIRE_CONSENT"
  | "SENTRY_DSN"
  | "SENTRY_ENVIRONMENT"
>;

/**
 * What the site loads after its first paint (decision 0019): only the integrations whose key is set (spec
 * point 7). Everything here is public by nature — it ends up in the visitor's browser anyway (a browser DSN is
 * meant to be public).
 */
export function analyticsSiteSettings(c: AnalyticsConfig): AnalyticsSiteSettings {
  return {
    gtm: c.GTM_ID ? { id: c.GTM_ID, scriptUrl: c.GTM_SCRIPT_URL } : undefined,
    counter: c.COUNTER_ID ? { id: c.COUNTER_ID, scriptUrl: c.COUNTER_SCRIPT_URL } : undefined,
    recorder: c.RECORDER_ID ? { id: c.RECORDER_ID, scriptUrl: c.RECORDER_SCRIPT_URL } : undefined,
    pixel: c.PIXEL_URL ? { url: c.PIXEL_URL } : undefined,
    fingerprint: c.FINGERPRINT_ENABLED ? { monitoring: c.FINGERPRINT_MONITORING } : undefined,
    sentry: c.SENTRY_DSN ? { dsn: c.SENTRY_DSN, environment: c.SENTRY_ENVIRONMENT ?? c.APP_ENV } : undefined,
    requireConsent: c.ANALYTICS_REQUIRE_CONSENT,
  };
}

/** The hosts the site's pages load the integrations' scripts from and send to (the page's CSP). */
export function analyticsOrigins(c: AnalyticsConfig): { script: string[]; connect: string[] } {
  const origin = (url: string | undefined) => {
    if (!url) return [];
    try {
      return [new URL(url).origin];
    } catch {
      return [];
    }
  };
  const script = [
    ...(c.GTM_ID ? origin(c.GTM_SCRIPT_URL) : []),
    ...(c.COUNTER_ID ? origin(c.COUNTER_SCRIPT_URL) : []),
    ...(c.RECORDER_ID ? origin(c.RECORDER_SCRIPT_URL) : []),
  ];
  const connect = [
    ...script,
    ...origin(c.PIXEL_URL),
    ...origin(c.SENTRY_DSN),
    // The fingerprint library's monitoring ping (0.1 % of visitors).
    ...(c.FINGERPRINT_ENABLED && c.FINGERPRINT_MONITORING ? ["https://m1.openfpcdn.io"] : []),
  ];
  return { script: [...new Set(script)], connect: [...new Set(connect)] };
}
