/*
 * What the rest of the site needs of the analytics at once (decision 0019), kept apart from the boot so that the
 * boot, the funnel and the fingerprint all load after the first paint.
 */

/**
 * The tracking fields of register and login calls (fingerprint.ts), loaded on demand so the fingerprint code
 * stays out of the entry.
 */
export const trackingFields = (): Promise<{ fingerprint?: string; frogoFingerprint?: string }> =>
  import("./fingerprint").then((m) => m.trackingFields()).catch(() => ({}));
