import type { SportEvent } from "#common/api/sportsbook";
import { widgetCulture } from "#common/sport/culture";
import type { SportsbookInitParams } from "#common/sportsbook-widgets";
import type { EventsQuery, SportSummary } from "./api";
import { escapeAttr, toHtml, type VNode } from "./dom";
import { OVERVIEW_QUERIES, pageWidget } from "./page";
import { eventsKey, FIRST_PICKS_GLOBAL, SEED_ID, type StoreSeed, seedStore, sportsKey, state } from "./store";
import { CSS } from "./styles";
import { formatKickoff, textsFor } from "./texts";

/**
 * The built-in provider's first screen of the overview, drawn by the server with the bundle's own views (issue 41,
 * decision 0070): a phone sees prices at first paint instead of a skeleton until the bundle, then its reads,
 * arrive. The page puts `html` where the widget will draw and runs `script` right after it; the bundle then draws
 * its own nodes over this copy, starting from the reads the copy carries (`SEED_ID`), so it never shows a skeleton.
 */
export interface FirstScreen {
  /** The overview, its styles and its reads: inert markup (no handlers) until the bundle takes the place. */
  html: string;
  /** Run as the markup is parsed: kick-off times in the visitor's zone, the site's colour mode, early taps. */
  script: string;
  /**
   * The first image drawn (the first card's sport art): a phone's largest paint. Left to the markup, it queued
   * behind the page's scripts and painted after the first paint; the page asks for it first (issue 41).
   */
  image?: string;
}

/** What the views read, from the process that holds the odds (server/modules/sportsbook/events.ts). */
export interface FirstScreenSource {
  sports(locale: string): SportSummary[];
  events(q: EventsQuery, locale: string): SportEvent[];
}

export const FIRST_SCREEN_ATTR = "data-lsb-first-screen";
const SSR_STYLE_ID = "lsb-styles-first-screen";

/** The overview for a site locale, with the odds as they are now. */
export function overviewFirstScreen(locale: string, source: FirstScreenSource): FirstScreen {
  const culture = widgetCulture(locale);
  // The views read the bundle's one store: it is set for this drawing only (drawing is synchronous, so no other
  // request sees it), and emptied after.
  state.params = { locale, apiBase: "" } as SportsbookInitParams;
  state.culture = culture;
  state.t = textsFor(culture);
  state.events.clear();
  state.cache.clear();
  // Sports without events are not drawn anywhere; the widget's own read, made at once, brings them.
  const reads: StoreSeed["reads"] = { [sportsKey()]: source.sports(locale).filter((x) => x.events > 0) };
  const events = new Map<number, SportEvent>();
  for (const q of Object.values(OVERVIEW_QUERIES)) {
    const list = source.events(q, locale);
    for (const e of list) events.set(e.id, e);
    reads[eventsKey(q)] = list.map((e) => e.id);
  }
  try {
    seedStore({ reads, events: [...events.values()] }, true);
    const page = pageWidget({ route: { page: "overview" } }, () => {}).view();
    // The page carries the events it draws, not every one its reads name (the live list names up to 50).
    const drawn = eventsIn(page);
    const seed: StoreSeed = { reads, events: [...events.values()].filter((e) => drawn.has(String(e.id))) };
    const words = { today: state.t("today"), tomorrow: state.t("tomorrow") };
    const html =
      `<style id="${SSR_STYLE_ID}">${CSS}</style>` +
      `<div class="lsb lsb--dark" ${FIRST_SCREEN_ATTR} data-culture="${culture}" data-today="${escapeAttr(words.today)}" data-tomorrow="${escapeAttr(words.tomorrow)}">${toHtml(page)}</div>` +
      `<script type="application/json" id="${SEED_ID}">${json(seed)}</script>`;
    const image = firstImage(page);
    return { html, script: FIRST_SCREEN_SCRIPT, ...(image && { image }) };
  } finally {
    state.events.clear();
    state.cache.clear();
    state.params = undefined;
  }
}

function firstImage(node: VNode): string | undefined {
  if (typeof node === "string") return undefined;
  if (node.tag === "img" && typeof node.props.src === "string") return node.props.src;
  for (const c of node.children) {
    const found = firstImage(c);
    if (found) return found;
  }
  return undefined;
}

function eventsIn(node: VNode, into = new Set<string>()): Set<string> {
  if (typeof node === "string") return into;
  const id = node.props["data-event"];
  if (typeof id === "string") into.add(id);
  for (const c of node.children) eventsIn(c, into);
  return into;
}

/** JSON inside a script element: `</script>` or `<!--` in a team's name must not end it. */
const json = (v: unknown) => JSON.stringify(v).replace(/</g, "\\u003c");

/**
 * The server knows neither the visitor's time zone nor their colour mode (both live in the browser): this runs
 * where the markup ends, before the first paint, and writes each kick-off with the bundle's own formatter
 * (`formatKickoff`'s source; `__name` is what a dev build's keep-names wraps inner functions in) and the theme
 * the site's paint script chose. It also keeps the odds a player taps before the bundle runs (a phone shows the
 * copy for a second or two): marked picked here, and put in the slip when the widget takes the place (index.ts).
 */
export const FIRST_SCREEN_SCRIPT = `(function(){var s=document.currentScript,r=s&&s.parentElement&&s.parentElement.querySelector("[${FIRST_SCREEN_ATTR}]");if(!r)return;var __name=function(f){return f},d=r.dataset,w={today:d.today,tomorrow:d.tomorrow},t=function(k){return w[k]||k},f=${formatKickoff.toString()};if(document.documentElement.classList.contains("light"))r.className="lsb lsb--light";r.querySelectorAll("time.lsb-time[datetime]").forEach(function(el){el.textContent=f(d.culture,el.getAttribute("datetime"),t)});var p=window.${FIRST_PICKS_GLOBAL}=window.${FIRST_PICKS_GLOBAL}||[];r.addEventListener("click",function(e){var b=e.target.closest&&e.target.closest("button[data-selection]");if(!b||b.disabled)return;var id=b.getAttribute("data-selection"),i=p.indexOf(id),on=i<0;if(on)p.push(id);else p.splice(i,1);b.classList.toggle("is-picked",on);b.setAttribute("aria-pressed",on?"true":"false")})})()`;
