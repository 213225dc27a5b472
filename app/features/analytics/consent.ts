import { STORAGE_KEYS, storage } from "~/lib/storage";

/**
 * The visitor's cookie choice (issue 36, GDPR/ePrivacy): necessary cookies always, analytics (tag manager,
 * counter, recorder, fingerprint, visits) and marketing (the ad pixel and its visitor id) only when chosen.
 * Stored in this browser; no choice yet means none of either. Small on purpose: the shell reads it on first
 * paint, the analytics after.
 */
export interface CookieConsent {
  analytics: boolean;
  marketing: boolean;
}

export const CONSENT_KEY = "cookieConsent";
/** Told whenever the visitor saves a choice. */
export const COOKIE_CONSENT_EVENT = "lh:cookie-consent";

/** The stored choice, or null when the visitor has not chosen yet. `cookiesAccepted` alone is an old "accept". */
export function storedConsent(): CookieConsent | null {
  const raw = storage.get(CONSENT_KEY);
  if (raw) {
    try {
      const v = JSON.parse(raw) as Partial<CookieConsent>;
      return { analytics: v.analytics === true, marketing: v.marketing === true };
    } catch {
      // a damaged entry: ask again
    }
  }
  return storage.get(STORAGE_KEYS.cookiesAccepted) === "1" ? { analytics: true, marketing: true } : null;
}

export const consentedTo = (category: keyof CookieConsent): boolean => storedConsent()?.[category] === true;

/** Saves a choice and tells the analytics waiting for it. */
export function saveConsent(choice: CookieConsent): void {
  storage.set(CONSENT_KEY, JSON.stringify({ ...choice, at: new Date().toISOString() }));
  // The spec's stored value says "accepted" only when everything is.
  if (choice.analytics && choice.marketing) storage.set(STORAGE_KEYS.cookiesAccepted, "1");
  else storage.remove(STORAGE_KEYS.cookiesAccepted);
  window.dispatchEvent(new Event(COOKIE_CONSENT_EVENT));
}
