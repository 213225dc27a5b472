import { useEffect } from "react";
import {
  type AnalyticsSiteSettings,
  abandonedRegistrationHits,
  betHits,
  type FunnelHit,
  type FunnelInvoice,
  invoiceHits,
  registrationHits,
  visitHits,
} from "#common/analytics";
import { REALTIME_EVENTS } from "#common/realtime";
import { configureErrorReporting, startErrorReporting } from "~/lib/error-reporting";
import { realtimeBus } from "~/lib/realtime/bus";
import { sessionStore } from "~/lib/session/store";
import { STORAGE_KEYS, storage } from "~/lib/storage";
import { configureFingerprint, visitorFingerprint } from "./fingerprint";
import { currentVisit } from "./visit";

/**
 * The analytics of the site (decision 0019), the part in the entry chunk: it only listens. The funnel's facts
 * (a visit, a finished or abandoned registration, a paid deposit, a first bet) are queued here as they happen;
 * the integrations themselves (tag manager, counter, recorder, ad pixel) are a chunk of their own, imported
 * after the first paint once the browser is idle, and only when at least one of them is configured.
 */

/** Told when the visitor accepts cookies (the cookie notice), for ANALYTICS_REQUIRE_CONSENT. */
export const COOKIES_ACCEPTED_EVENT = "lh:cookies-accepted";

type Sink = (hits: FunnelHit[]) => void;

let settings: AnalyticsSiteSettings | undefined;
let sink: Sink | undefined;
const queue: FunnelHit[] = [];
let wired = false;

const configured = (s: AnalyticsSiteSettings | undefined): boolean =>
  Boolean(s && (s.gtm || s.counter || s.recorder || s.pixel));

/** Hands facts to the integrations, or keeps them until they are loaded. Nothing configured: dropped. */
export function track(hits: FunnelHit[]): void {
  if (!hits.length || !configured(settings)) return;
  if (sink) sink(hits);
  else queue.push(...hits);
}

/** A registration finished in this tab (sign-up by e-mail or phone): regfin. */
export function trackRegistration(playerId: string): void {
  registrationFinished = true;
  track(registrationHits(playerId));
}

let registrationFinished = false;
/** The sign-up form closed: without a finished registration that is regnotfin, once per visit. */
export function trackSignUpLeft(): void {
  if (registrationFinished || sessionStore.getState().loggedIn || !configured(settings)) return;
  track(abandonedRegistrationHits(currentVisit().id));
}

function wire(): void {
  if (wired) return;
  wired = true;
  realtimeBus.on("invoices", (e) => {
    if (e.event === REALTIME_EVENTS.invoiceDepositUpdated) track(invoiceHits(e.data as FunnelInvoice));
  });
  realtimeBus.on("bets", (e) => {
    const id = sessionStore.getState().profile?.id;
    // Only the player's channel carries bet.placebet, and only for real money (a demo round has no wallet).
    if (e.event === REALTIME_EVENTS.betPlaced && id) track(betHits(id));
  });
}

/** After the first paint, once the browser is idle (or 2 s at most): never in the way of the page. */
function afterFirstPaint(run: () => void): void {
  const idle = () => {
    const ric = (window as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number })
      .requestIdleCallback;
    if (ric) ric(run, { timeout: 2000 });
    else setTimeout(run, 1);
  };
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}

function whenConsented(s: AnalyticsSiteSettings, run: () => void): void {
  if (!s.requireConsent || storage.get(STORAGE_KEYS.cookiesAccepted) === "1") {
    run();
    return;
  }
  window.addEventListener(COOKIES_ACCEPTED_EVENT, run, { once: true });
}

let started = false;

/** For the root: the settings of GET /player/init; loads the integrations after the first paint. */
export function useAnalytics(s: AnalyticsSiteSettings | undefined): void {
  useEffect(() => {
    if (started || !s) return;
    started = true;
    settings = s;
    configureFingerprint(s);
    configureErrorReporting(s.sentry);
    // Error reporting is no analytics: it does not wait for the cookie notice.
    if (s.sentry) afterFirstPaint(startErrorReporting);
    const integrations = configured(s);
    if (!integrations && !s.fingerprint) return;
    if (integrations) wire();
    whenConsented(s, () => {
      if (integrations) track(visitHits(currentVisit().id));
      afterFirstPaint(() => {
        // Computed ahead, so a registration or login finds it ready.
        if (s.fingerprint) void visitorFingerprint();
        if (!integrations) return;
        import("./integrations")
          .then((m) => {
            sink = m.startIntegrations(s);
            sink(queue.splice(0));
          })
          .catch((err) => console.warn("analytics could not load", err));
      });
    });
  }, [s]);
}
