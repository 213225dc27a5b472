import { type AnalyticsSiteSettings, type FunnelHit, hitKey, PIXEL_ERRORS, unsent } from "#common/analytics";
import { sessionStore } from "~/lib/session/store";
import { storage } from "~/lib/storage";
import { visitorId } from "./visit";

/**
 * The integrations themselves (decision 0019), a chunk of their own loaded after the first paint: the tag
 * manager (GTM-compatible dataLayer), the web-analytics counter (Metrica-compatible `ym`), the session recorder
 * (Clarity-compatible `clarity`) and the ad pixel. Each starts only when its key is configured. A fact goes out
 * once: the sent-reports log in local storage, checked and written under a Web Lock shared by the tabs.
 */

export const SENT_KEY = "analyticsSent";
/** The log keeps the newest keys only: old deposits and visits are long past any repeat. */
export const SENT_LOG_SIZE = 500;
const LOCK = "lh-analytics-funnel";

type Queue = ((...args: unknown[]) => void) & { q?: unknown[]; a?: unknown[]; l?: number };
type AnalyticsWindow = Window & { dataLayer?: unknown[]; ym?: Queue; clarity?: Queue };
const w = () => window as AnalyticsWindow;

function addScript(src: string): void {
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

function readSent(): string[] {
  try {
    const list = JSON.parse(storage.get(SENT_KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((k): k is string => typeof k === "string") : [];
  } catch {
    return [];
  }
}

/** The hits not reported yet by any tab, now marked reported (at most once: a lost request is not repeated). */
export async function claim(hits: FunnelHit[]): Promise<FunnelHit[]> {
  const run = () => {
    const sent = readSent();
    const fresh = unsent(hits, new Set(sent));
    if (fresh.length)
      storage.set(SENT_KEY, JSON.stringify([...sent, ...fresh.map(hitKey)].slice(-SENT_LOG_SIZE)));
    return fresh;
  };
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  return locks ? locks.request(LOCK, run) : run();
}

/** The tag manager: its dataLayer and script (`?id=`). */
function startTagManager(gtm: NonNullable<AnalyticsSiteSettings["gtm"]>): (h: FunnelHit) => void {
  const win = w();
  win.dataLayer = win.dataLayer ?? [];
  win.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
  const url = new URL(gtm.scriptUrl, window.location.href);
  url.searchParams.set("id", gtm.id);
  addScript(url.toString());
  return (h) => win.dataLayer?.push({ event: h.event, pixelCode: h.code, funnelFact: h.fact });
}

/** The counter: `ym(id, "init")`, and each funnel event as a goal. */
function startCounter(counter: NonNullable<AnalyticsSiteSettings["counter"]>): (h: FunnelHit) => void {
  const win = w();
  if (!win.ym) {
    const ym: Queue = (...args) => {
      ym.a = ym.a ?? [];
      ym.a.push(args);
    };
    ym.l = Date.now();
    win.ym = ym;
  }
  addScript(counter.scriptUrl);
  const id = Number(counter.id);
  win.ym?.(id, "init", { clickmap: true, trackLinks: true, accurateTrackBounce: true, webvisor: false });
  return (h) => win.ym?.(id, "reachGoal", h.event, { pixelCode: h.code });
}

/** The recorder: anonymous, then identified by the profile id while a player is signed in (spec point 7). */
function startRecorder(recorder: NonNullable<AnalyticsSiteSettings["recorder"]>): void {
  const win = w();
  if (!win.clarity) {
    const clarity: Queue = (...args) => {
      clarity.q = clarity.q ?? [];
      clarity.q.push(args);
    };
    win.clarity = clarity;
  }
  addScript(`${recorder.scriptUrl}${encodeURIComponent(recorder.id)}`);
  let identified: string | undefined;
  const identify = () => {
    const id = sessionStore.getState().profile?.id;
    if (id && id !== identified) win.clarity?.("identify", id);
    identified = id;
  };
  identify();
  sessionStore.subscribe(identify);
}

/** The address of one pixel request: the code, the event's name, the fact, the visitor and the player. */
export function pixelUrl(base: string, h: FunnelHit, visitor: string, playerId?: string): string {
  const url = new URL(base, typeof window === "undefined" ? "http://localhost" : window.location.href);
  url.searchParams.set("event", String(h.code));
  url.searchParams.set("name", h.event);
  url.searchParams.set("fact", h.fact);
  url.searchParams.set("vid", visitor);
  if (playerId) url.searchParams.set("uid", playerId);
  return url.toString();
}

/** The ad pixel: one request per hit, in order (the next waits for the previous); failures only logged. */
function startPixel(pixel: NonNullable<AnalyticsSiteSettings["pixel"]>): (h: FunnelHit) => void {
  let chain: Promise<unknown> = Promise.resolve();
  return (h) => {
    chain = chain.then(async () => {
      let url: string;
      try {
        url = pixelUrl(pixel.url, h, visitorId(), sessionStore.getState().profile?.id);
      } catch (err) {
        console.warn(PIXEL_ERRORS.load, err);
        return;
      }
      await fetch(url, { mode: "no-cors", credentials: "omit", keepalive: true, cache: "no-store" }).catch(
        (err) => console.warn(PIXEL_ERRORS.request, err),
      );
    });
  };
}

/**
 * Starts what is configured and allowed (the tag manager, counter and recorder are analytics, the ad pixel is
 * marketing); answers where the funnel's facts go from now on.
 */
export function startIntegrations(
  s: AnalyticsSiteSettings,
  allowed: { analytics: boolean; marketing: boolean } = { analytics: true, marketing: true },
): (hits: FunnelHit[]) => void {
  const sinks: ((h: FunnelHit) => void)[] = [];
  if (s.gtm && allowed.analytics) sinks.push(startTagManager(s.gtm));
  if (s.counter && allowed.analytics) sinks.push(startCounter(s.counter));
  if (s.recorder && allowed.analytics) startRecorder(s.recorder);
  if (s.pixel && allowed.marketing) sinks.push(startPixel(s.pixel));
  let order: Promise<unknown> = Promise.resolve();
  return (hits) => {
    if (!hits.length) return;
    // Claimed in the order heard, so the reports keep the facts' order.
    order = order
      .then(() =>
        claim(hits).then((fresh) => {
          for (const h of fresh) for (const sink of sinks) sink(h);
        }),
      )
      .catch((err) => console.warn(PIXEL_ERRORS.load, err));
  };
}
