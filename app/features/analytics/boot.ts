import type { AnalyticsSiteSettings } from "#common/analytics";
import type { RealtimeEvent } from "#common/realtime";
import { browserIdle } from "~/lib/after-first-paint";
import { errorReporting, startErrorReporting } from "~/lib/error-reporting";
import { realtimeBus } from "~/lib/realtime/bus";

/**
 * The analytics of the site (decision 0019), the part in the entry chunk: it keeps the settings and, until the
 * rest is loaded, the live events the funnel reads (deposits, bets). The funnel, the fingerprint and the
 * integrations (tag manager, counter, recorder, ad pixel) come in a chunk of their own, imported after the
 * page's load once the browser is idle — never in the way of the first paint, never in the home budget.
 */
/**
 * The analytics settings of this tab (GET /player/init's `analytics`), set by the root once it has them.
 * A module of its own so the entry chunk carries only this and the boot (decision 0019: the home page's
 * JavaScript budget); everything else is loaded after the first paint.
 */
export const analyticsState: { settings?: AnalyticsSiteSettings } = {};

const early: ["invoices" | "bets", RealtimeEvent][] = [];

/** After the page's load, once the browser is idle (2 s at most); never cancelled (analytics lives with the tab). */
export function afterFirstPaint(run: () => void): void {
  browserIdle(run);
}

let started = false;

/** Started by the root once it has GET /player/init's settings (once per tab). */
export function bootAnalytics(s: AnalyticsSiteSettings): void {
  if (started) return;
  started = true;
  analyticsState.settings = s;
  errorReporting.settings = s.sentry;
  errorReporting.configured = true;
  // Error reporting is no analytics: it does not wait for the cookie notice.
  if (s.sentry) afterFirstPaint(startErrorReporting);
  if (!(s.gtm || s.counter || s.recorder || s.pixel || s.fingerprint)) return;
  const offs = (["invoices", "bets"] as const).map((topic) =>
    realtimeBus.on(topic, (e) => early.push([topic, e])),
  );
  afterFirstPaint(() => {
    import("./runtime")
      .then((m) => {
        for (const off of offs) off();
        m.startAnalytics(s, early.splice(0));
      })
      .catch((err) => console.warn("analytics could not load", err));
  });
}
