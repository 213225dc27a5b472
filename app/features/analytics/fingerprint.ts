import { analyticsState } from "./boot";
import { consentedTo } from "./consent";
import { visitorId } from "./visit";

/**
 * The visitor fingerprint sent on registration and login (spec point 7, decision 0019): FingerprintJS, the
 * open-source (MIT) 3.x library, loaded from our own build only when FINGERPRINT_ENABLED is set. Its
 * monitoring ping goes out for 0.1 % of visitors (the library's own sample, spec point 9) unless
 * FINGERPRINT_MONITORING is false. A registration or login never waits for it longer than a moment.
 */
let pending: Promise<string | undefined> | undefined;

const current = () => analyticsState.settings;
const consented = (category: "analytics" | "marketing") =>
  !current()?.requireConsent || consentedTo(category);

/** The fingerprint, computed once per page; undefined when off, refused consent, failed or slower than `waitMs`. */
export function visitorFingerprint(waitMs = 1500): Promise<string | undefined> {
  const fp = current()?.fingerprint;
  if (!fp || typeof window === "undefined" || !consented("analytics")) return Promise.resolve(undefined);
  pending ??= import("@fingerprintjs/fingerprintjs")
    .then((lib) => lib.load({ monitoring: fp.monitoring }))
    .then((agent) => agent.get())
    .then((r) => r.visitorId)
    .catch((err) => {
      console.warn("visitor fingerprint failed", err);
      return undefined;
    });
  return Promise.race([pending, new Promise<undefined>((r) => setTimeout(() => r(undefined), waitMs))]);
}

/**
 * The tracking fields of register and login calls (common/api/player.ts): `fingerprint` from the library,
 * `frogoFingerprint` the ad pixel's visitor id when the pixel is configured. Empty when neither is on.
 */
export async function trackingFields(): Promise<{ fingerprint?: string; frogoFingerprint?: string }> {
  const fingerprint = await visitorFingerprint();
  const frogoFingerprint = current()?.pixel && consented("marketing") ? visitorId() : undefined;
  return {
    ...(fingerprint ? { fingerprint } : {}),
    ...(frogoFingerprint ? { frogoFingerprint } : {}),
  };
}
