/**
 * The marketing funnel (spec points 4, 7 and 9; docs/decisions/0019-analytics-and-error-reporting.md): which
 * facts a visitor's browser reports to the ad pixel, the tag manager and the counter. Zod-free: the site's
 * entry imports it.
 */

/** The ad pixel's funnel codes (spec point 9). */
export const PIXEL_CODES = {
  visit: 80,
  regfin: 81,
  regnotfin: 82,
  ftd: 83,
  dep2: 84,
  dep3: 85,
  dep4: 86,
  dep5plus: 87,
  bet: 88,
  deposit: 89,
  bet30: 90,
} as const;

export type FunnelEvent = keyof typeof PIXEL_CODES;

/** One report: the event, and the fact it reports (what makes it once-only: a repeat of the fact is dropped). */
export interface FunnelHit {
  event: FunnelEvent;
  code: number;
  /** `visit:<visit id>`, `registration:<player id>`, `deposit:<invoice id>`, `bet:<player id>`. */
  fact: string;
}

const hit = (event: FunnelEvent, fact: string): FunnelHit => ({ event, code: PIXEL_CODES[event], fact });

/** Spec point 4: deposit numbers 1 to 4 raise ftd, dep2, dep3, dep4; above 4 raises dep5plus. */
export function depositStage(n: number): FunnelEvent | undefined {
  if (!Number.isInteger(n) || n < 1) return undefined;
  return (["ftd", "dep2", "dep3", "dep4"] as const)[n - 1] ?? "dep5plus";
}

/** An invoice as `payment:invoices#{id}` carries it (common/api/wallet.ts), only what the funnel reads. */
export interface FunnelInvoice {
  id: string;
  /** 1 deposit, 2 withdrawal. */
  type: number;
  /** 1 pending, 2 success, 3 failure. */
  status: number;
  number: number;
  /** The n-th paid deposit of the player (set on a paid deposit's announcement). */
  paidNumber?: number | null;
}

/**
 * A paid deposit: its stage (ftd … dep5plus), then `deposit` (spec point 9: deposit stages also fire a
 * deposit event). The stage follows the paid deposits (`paidNumber`) — a failed first attempt does not make
 * the first paid deposit a dep2 — and the invoice number when an older server does not say.
 */
export function invoiceHits(invoice: FunnelInvoice): FunnelHit[] {
  if (invoice.type !== 1 || invoice.status !== 2) return [];
  const stage = depositStage(invoice.paidNumber ?? invoice.number);
  const fact = `deposit:${invoice.id}`;
  return stage ? [hit(stage, fact), hit("deposit", fact)] : [hit("deposit", fact)];
}

/** A player's first real-money bet (casino round or sports bet): bet, then bet30 after it. */
export function betHits(playerId: string): FunnelHit[] {
  const fact = `bet:${playerId}`;
  return [hit("bet", fact), hit("bet30", fact)];
}

export const visitHits = (visitId: string): FunnelHit[] => [hit("visit", `visit:${visitId}`)];
export const registrationHits = (playerId: string): FunnelHit[] => [
  hit("regfin", `registration:${playerId}`),
];
/** The sign-up form was left without a finished registration (once per visit). */
export const abandonedRegistrationHits = (visitId: string): FunnelHit[] => [
  hit("regnotfin", `registration-left:${visitId}`),
];

/** The key of one report in the sent-reports log: an event of a fact goes out once. */
export const hitKey = (h: Pick<FunnelHit, "event" | "fact">) => `${h.event}@${h.fact}`;

/**
 * The reports still to send: those whose key is not in `sent`, each key once (a fact heard twice in one batch
 * counts once). Pure; the site keeps `sent` in local storage, shared by its tabs.
 */
export function unsent(hits: FunnelHit[], sent: ReadonlySet<string>): FunnelHit[] {
  const seen = new Set(sent);
  const out: FunnelHit[] = [];
  for (const h of hits) {
    const key = hitKey(h);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(h);
  }
  return out;
}

/** What the site needs to load the integrations (GET /api/player/init's `analytics`); absent keys: not loaded. */
export interface AnalyticsSiteSettings {
  gtm?: { id: string; scriptUrl: string };
  counter?: { id: string; scriptUrl: string };
  recorder?: { id: string; scriptUrl: string };
  pixel?: { url: string };
  fingerprint?: { monitoring: boolean };
  sentry?: { dsn: string; environment: string };
  /** Load nothing before the visitor accepted cookies. */
  requireConsent: boolean;
}

/** The spec's console messages of a pixel that failed (point 8): only logged, never shown. */
export const PIXEL_ERRORS = { load: "Error: load pixel", request: "Failed to load Pixel" } as const;
