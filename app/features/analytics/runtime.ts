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
import { REALTIME_EVENTS, type RealtimeEvent } from "#common/realtime";
import { realtimeBus } from "~/lib/realtime/bus";
import { sessionStore } from "~/lib/session/store";
import { afterFirstPaint, analyticsState } from "./boot";
import { COOKIE_CONSENT_EVENT, type CookieConsent, storedConsent } from "./consent";
import { currentVisit } from "./visit";

/**
 * The funnel's facts as the tab hears them (decision 0019), loaded after the first paint: a visit, a
 * finished or abandoned registration, a paid deposit, a first bet. They are handed to the integrations
 * (their own chunk, loaded only when one of them is configured) or kept until those are loaded.
 */
type Sink = (hits: FunnelHit[]) => void;

let sink: Sink | undefined;
const queue: FunnelHit[] = [];

const integrationsConfigured = (s: AnalyticsSiteSettings | undefined): boolean =>
  Boolean(s && (s.gtm || s.counter || s.recorder || s.pixel));

/** Hands facts to the integrations, or keeps them until they are loaded. Nothing configured: dropped. */
export function track(hits: FunnelHit[]): void {
  if (!hits.length || !integrationsConfigured(analyticsState.settings)) return;
  if (sink) sink(hits);
  else queue.push(...hits);
}

let registrationFinished = false;

/** A registration finished in this tab (sign-up by e-mail or phone): regfin. */
export function trackRegistration(playerId: string): void {
  registrationFinished = true;
  track(registrationHits(playerId));
}

/** The sign-up form closed: without a finished registration that is regnotfin, once per visit. */
export function trackSignUpLeft(): void {
  if (registrationFinished || sessionStore.getState().loggedIn) return;
  const s = analyticsState.settings;
  if (!integrationsConfigured(s) || !consented()) return;
  track(abandonedRegistrationHits(currentVisit().id));
}

function heard(topic: "invoices" | "bets", e: RealtimeEvent): void {
  if (topic === "invoices" && e.event === REALTIME_EVENTS.invoiceDepositUpdated)
    track(invoiceHits(e.data as FunnelInvoice));
  const id = sessionStore.getState().profile?.id;
  // Only the player's channel carries bet.placebet, and only for real money (a demo round has no wallet).
  if (topic === "bets" && e.event === REALTIME_EVENTS.betPlaced && id) track(betHits(id));
}

/** What the visitor allows: everything where no consent is required, else their choice (none until made). */
export function allowed(s: AnalyticsSiteSettings | undefined): CookieConsent {
  if (s && !s.requireConsent) return { analytics: true, marketing: true };
  return storedConsent() ?? { analytics: false, marketing: false };
}

const consented = () => {
  const a = allowed(analyticsState.settings);
  return a.analytics || a.marketing;
};

/** Runs once the visitor allows analytics or marketing: at once, or when they choose so later. */
function whenConsented(s: AnalyticsSiteSettings, run: (a: CookieConsent) => void): void {
  const now = allowed(s);
  if (now.analytics || now.marketing) {
    run(now);
    return;
  }
  const listen = () => {
    const a = allowed(s);
    if (!(a.analytics || a.marketing)) return;
    window.removeEventListener(COOKIE_CONSENT_EVENT, listen);
    run(a);
  };
  window.addEventListener(COOKIE_CONSENT_EVENT, listen);
}

/** Called once by the boot after the first paint, with the live events heard before. */
export function startAnalytics(
  s: AnalyticsSiteSettings,
  early: ["invoices" | "bets", RealtimeEvent][],
): void {
  const integrations = integrationsConfigured(s);
  if (integrations) {
    for (const [topic, e] of early) heard(topic, e);
    realtimeBus.on("invoices", (e) => heard("invoices", e));
    realtimeBus.on("bets", (e) => heard("bets", e));
  }
  whenConsented(s, (consent) => {
    if (integrations) track(visitHits(currentVisit().id));
    // Computed ahead, so a registration or login finds it ready.
    if (s.fingerprint && consent.analytics) void import("./fingerprint").then((m) => m.visitorFingerprint());
    if (!integrations) return;
    afterFirstPaint(() => {
      import("./integrations")
        .then((m) => {
          sink = m.startIntegrations(s, consent);
          sink(queue.splice(0));
        })
        .catch((err) => console.warn("analytics could not load", err));
    });
  });
}
