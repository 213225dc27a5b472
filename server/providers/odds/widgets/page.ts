import type { SportEvent } from "#common/api/sportsbook";
import type { NavigationDetail, WidgetName, WidgetRoute } from "#common/sportsbook-widgets";
import type { EventsQuery, SportSummary } from "./api";
import { h, type VNode } from "./dom";
import { eventWatcher, followLive } from "./live";
import {
  eventName,
  eventResource,
  eventsResource,
  invalidate,
  sportsKey,
  sportsResource,
  state,
} from "./store";
import { formatKickoff } from "./texts";
import {
  byChampionship,
  cardPlaceholders,
  eventRow,
  eventTime,
  listState,
  oddsButton,
  rowPlaceholders,
  sectionTitle,
  sortEvents,
  teams,
} from "./ui";

/** A mounted widget as the host drives it. */
export interface Widget {
  view(): VNode;
  update(props: Record<string, unknown>): void;
  destroy(): void;
}

/** Two routes show the same page: a championship's category id only decorates it (the site may omit it). */
function routeKey(r: WidgetRoute): string {
  switch (r.page) {
    case "sport":
      return `sport:${r.sportId}`;
    case "category":
      return `category:${r.sportId}:${r.categoryId}`;
    case "championship":
      return `championship:${r.sportId}:${r.championshipId}`;
    case "event":
      return `event:${r.eventId}`;
    default:
      return r.page;
  }
}
const sameRoute = (a: WidgetRoute, b: WidgetRoute) => routeKey(a) === routeKey(b);

/** What the site needs to build the address of a route: names and ids of what it shows (spec point 3). */
export function describe(route: WidgetRoute, source: WidgetName): NavigationDetail {
  const sports = state.cache.get(sportsKey())?.data as SportSummary[] | undefined;
  const sportOf = (id: number) => {
    const s = sports?.find((x) => x.id === id);
    return { id, code: s?.code, name: s?.name };
  };
  const sample = (pick: (e: SportEvent) => boolean) => [...state.events.values()].find(pick);
  const detail: NavigationDetail = { route, source, categories: [], championships: [] };
  if (route.page === "event") {
    const e = state.events.get(route.eventId);
    if (e) {
      detail.event = { id: e.id, name: eventName(e) };
      detail.sport = { ...sportOf(e.sportId), name: e.sportName };
      detail.categories = [{ id: e.categoryId, name: e.categoryName }];
      detail.championships = [{ id: e.championshipId, name: e.championshipName }];
      detail.champId = e.championshipId;
      detail.championshipIds = [e.championshipId];
    } else detail.event = { id: route.eventId, name: "" };
  } else if (route.page === "sport") {
    detail.sport = sportOf(route.sportId);
  } else if (route.page === "category") {
    detail.sport = sportOf(route.sportId);
    const e = sample((x) => x.categoryId === route.categoryId);
    detail.categories = [{ id: route.categoryId, name: e?.categoryName ?? "" }];
  } else if (route.page === "championship") {
    detail.sport = sportOf(route.sportId);
    const e = sample((x) => x.championshipId === route.championshipId);
    if (e) detail.categories = [{ id: e.categoryId, name: e.categoryName }];
    detail.championships = [{ id: route.championshipId, name: e?.championshipName ?? "" }];
    detail.champId = route.championshipId;
    detail.championshipIds = [route.championshipId];
  }
  return detail;
}

/**
 * The main widget: overview, live, sport / category / championship lists and the event page, driven by a
 * memory router (spec point 9). A move inside it is announced as a navigation event; the site answers with
 * `update({ route })` (its own back/forward too).
 */
export function pageWidget(
  props: { route?: WidgetRoute },
  announce: (detail: NavigationDetail) => void,
): Widget {
  let route: WidgetRoute = props.route ?? { page: "overview" };
  const history: WidgetRoute[] = [route];
  const watch = eventWatcher();

  const go = (next: WidgetRoute) => {
    if (sameRoute(next, route)) return;
    route = next;
    history.push(next);
    announce(describe(next, "page"));
    if (typeof window !== "undefined") window.scrollTo?.({ top: 0 });
  };
  const openEvent = (e: SportEvent) => go({ page: "event", eventId: e.id });

  const views: Record<WidgetRoute["page"], () => VNode> = {
    overview: () => overview(go, openEvent),
    live: () => liveList(openEvent),
    sport: () => sportList(route as Extract<WidgetRoute, { page: "sport" }>, go, openEvent),
    category: () => sportList(route as Extract<WidgetRoute, { page: "category" }>, go, openEvent),
    championship: () => sportList(route as Extract<WidgetRoute, { page: "championship" }>, go, openEvent),
    event: () => eventPage((route as Extract<WidgetRoute, { page: "event" }>).eventId, go),
  };

  return {
    view() {
      watch(route.page === "event" ? [route.eventId] : []);
      // The live channels of what this page lists: every sport on the live page, the page's sport on a sport's
      // pages, the overview's own (below); an event page keeps what the page before it followed.
      if (route.page === "live") followLive("all");
      else if (route.page !== "overview" && route.page !== "event") followLive([route.sportId]);
      return h("div", { class: "lsb-page", "data-page": route.page }, views[route.page]());
    },
    update(next) {
      const r = next.route as WidgetRoute | undefined;
      if (r && !sameRoute(r, route)) {
        route = r;
        history.push(r);
      }
    },
    destroy() {
      watch([]);
    },
  };
}

// ---- overview

function sportsStrip(go: (r: WidgetRoute) => void, active?: number): VNode {
  const sports = sportsResource();
  const list = (sports.data ?? []).filter((s) => s.events > 0);
  if (!sports.data) return h("div", { class: "lsb-chips lsb-chips--loading" });
  return h(
    "nav",
    { class: "lsb-chips", "aria-label": state.t("allSports") },
    h(
      "button",
      {
        type: "button",
        class: `lsb-chip${active === undefined ? " is-active" : ""}`,
        onclick: () => go({ page: "overview" }),
      },
      state.t("overview"),
    ),
    h(
      "button",
      { type: "button", class: "lsb-chip lsb-chip--live", onclick: () => go({ page: "live" }) },
      h("span", { class: "lsb-live__dot lsb-live__dot--pulse" }),
      state.t("live"),
    ),
    list.map((s) =>
      h(
        "button",
        {
          key: s.id,
          type: "button",
          class: `lsb-chip${active === s.id ? " is-active" : ""}`,
          "data-sport": s.code,
          onclick: () => go({ page: "sport", sportId: s.id }),
        },
        s.name,
        h("span", { class: "lsb-chip__count" }, String(s.events)),
      ),
    ),
  );
}

/** How many events each list of the overview shows (and holds places for while it loads). */
const OVERVIEW = { top: 8, live: 10, upcoming: 12 } as const;
/** The overview's reads (the server's first screen makes the same ones). */
export const OVERVIEW_QUERIES = {
  top: { top: true, limit: OVERVIEW.top },
  live: { status: "live", limit: 50 },
  soon: { status: "scheduled", limit: OVERVIEW.upcoming },
} as const satisfies Record<string, EventsQuery>;

function overview(go: (r: WidgetRoute) => void, open: (e: SportEvent) => void): VNode {
  const top = eventsResource(OVERVIEW_QUERIES.top);
  const live = eventsResource(OVERVIEW_QUERIES.live);
  const soon = eventsResource(OVERVIEW_QUERIES.soon);
  const liveEvents = liveNowEvents(live.data).slice(0, OVERVIEW.live);
  const topEvents = (top.data ?? [])
    .map((id) => state.events.get(id))
    .filter((e): e is SportEvent => !!e && e.status !== "ended" && e.status !== "cancelled");
  // Only the sports of the live events shown: an event that goes live in another sport joins with the list's next
  // read (every 15 s), as on the live-now carousel.
  followLive([
    ...new Set([...liveEvents, ...topEvents].filter((e) => e.status === "live").map((e) => e.sportId)),
  ]);
  const soonEvents = (soon.data ?? [])
    .map((id) => state.events.get(id))
    .filter((e): e is SportEvent => !!e && e.status === "scheduled");
  // The sections' places are kept while any list is still coming (cards and rows of the same boxes, as many as
  // each list asks for), then the whole page is drawn in one frame: sections that filled in one by one, or a
  // short skeleton that grew into the page, pushed what was below out of view (CLS 0.13 at 1280 px, 0.53 at
  // 390 px with the page scrolled to the footer).
  const waiting = [top, live, soon].some((r) => r.data === undefined && !r.error);
  // As many rows as the lists will hold: the sports' counts usually come first (their answer is cached).
  const counts = sportsResource().data;
  const sum = (of: (s: SportSummary) => number) => counts?.reduce((n, s) => n + of(s), 0);
  const liveRows = Math.max(1, Math.min(OVERVIEW.live, sum((s) => s.live) ?? OVERVIEW.live));
  const soonRows = Math.max(
    1,
    Math.min(OVERVIEW.upcoming, sum((s) => s.events - s.live) ?? OVERVIEW.upcoming),
  );
  return h(
    "div",
    { class: "lsb-stack", "aria-busy": waiting ? "true" : undefined },
    sportsStrip(go),
    h(
      "section",
      { class: "lsb-section", "data-section": "top" },
      sectionTitle(state.t("topEvents")),
      waiting
        ? cardPlaceholders(OVERVIEW.top)
        : (listState(top, topEvents.length === 0, state.t("noEvents"), () => invalidate("events:"), 2) ??
            h(
              "div",
              { class: "lsb-cards" },
              topEvents.map((e) => eventCard(e, open, { image: true })),
            )),
    ),
    h(
      "section",
      { class: "lsb-section", "data-section": "live" },
      sectionTitle(
        state.t("liveNow"),
        h(
          "button",
          { type: "button", class: "lsb-link", onclick: () => go({ page: "live" }) },
          `${state.t("live")} ›`,
        ),
      ),
      waiting
        ? rowPlaceholders(liveRows)
        : (listState(live, liveEvents.length === 0, state.t("noLive"), () => invalidate("events:")) ??
            h(
              "div",
              { class: "lsb-list" },
              liveEvents.map((e) => eventRow(e, open)),
            )),
    ),
    h(
      "section",
      { class: "lsb-section", "data-section": "upcoming" },
      sectionTitle(state.t("upcoming")),
      waiting
        ? rowPlaceholders(soonRows)
        : (listState(soon, soonEvents.length === 0, state.t("noEvents"), () => invalidate("events:")) ??
            h(
              "div",
              { class: "lsb-list" },
              soonEvents.map((e) => eventRow(e, open)),
            )),
    ),
  );
}

/** The live events the store knows (the first list plus every event the live channel has brought since). */
export function liveNowEvents(loaded: number[] | undefined, sportId?: number): SportEvent[] {
  if (!loaded) return [];
  return [...state.events.values()]
    .filter((e) => e.status === "live" && (sportId === undefined || e.sportId === sportId))
    .sort((a, b) => (b.top ? 1 : 0) - (a.top ? 1 : 0) || a.startsAt.localeCompare(b.startsAt));
}

/** A card of the overview and the carousels: championship, kick-off or live score, teams, main odds. */
export function eventCard(
  event: SportEvent,
  open: (e: SportEvent) => void,
  opts: { image?: boolean } = {},
): VNode {
  const market = event.markets[0];
  const sports = state.cache.get(sportsKey())?.data as SportSummary[] | undefined;
  const art = opts.image ? sports?.find((s) => s.id === event.sportId)?.cardImgUrl : undefined;
  return h(
    "article",
    {
      key: event.id,
      class: `lsb-card${art ? " has-art" : ""}`,
      "data-event": String(event.id),
      "data-status": event.status,
    },
    art
      ? h("img", {
          class: "lsb-card__art",
          src: absolute(art),
          alt: "",
          loading: "lazy",
          "aria-hidden": "true",
        })
      : null,
    h(
      "button",
      { type: "button", class: "lsb-card__head", onclick: () => open(event) },
      h("span", { class: "lsb-card__league" }, `${event.sportName} · ${event.championshipName}`),
      eventTime(event),
    ),
    h("button", { type: "button", class: "lsb-card__teams", onclick: () => open(event) }, ...teams(event)),
    market
      ? h(
          "div",
          { class: `lsb-card__odds lsb-cols-${Math.min(market.selections.length, 3)}` },
          market.selections.slice(0, 3).map((_, i) => oddsButton(event, market, i, { short: true })),
        )
      : null,
  );
}

/** Catalogue images are site paths (/sports/…): against the provider's host when it is not this page's. */
export function absolute(path: string): string {
  const base = state.params?.apiBase;
  return base && path.startsWith("/") ? `${base.replace(/\/$/, "")}${path}` : path;
}

// ---- live

function liveList(open: (e: SportEvent) => void): VNode {
  const live = eventsResource({ status: "live", limit: 200 });
  const events = liveNowEvents(live.data);
  const bySport = new Map<number, SportEvent[]>();
  for (const e of events) bySport.set(e.sportId, [...(bySport.get(e.sportId) ?? []), e]);
  return h(
    "div",
    { class: "lsb-stack" },
    h(
      "header",
      { class: "lsb-hero lsb-hero--live" },
      h(
        "h1",
        { class: "lsb-hero__title" },
        h("span", { class: "lsb-live__dot lsb-live__dot--pulse" }),
        state.t("liveNow"),
      ),
      h("p", { class: "lsb-muted" }, `${events.length}`),
    ),
    listState(live, events.length === 0, state.t("noLive"), () => invalidate("events:")) ??
      [...bySport.values()].map((list) =>
        h(
          "section",
          { key: list[0]?.sportId ?? 0, class: "lsb-section" },
          sectionTitle(list[0]?.sportName ?? ""),
          byChampionship(list).map((g) => champGroup(g, open)),
        ),
      ),
  );
}

function champGroup(
  g: ReturnType<typeof byChampionship>[number],
  open: (e: SportEvent) => void,
  go?: (r: WidgetRoute) => void,
): VNode {
  return h(
    "div",
    { key: g.id, class: "lsb-group", "data-championship": String(g.id) },
    h(
      "button",
      {
        type: "button",
        class: "lsb-group__head",
        disabled: !go,
        onclick: go
          ? () =>
              go({ page: "championship", sportId: g.sportId, championshipId: g.id, categoryId: g.categoryId })
          : undefined,
      },
      h("span", { class: "lsb-group__cat" }, g.category),
      h("span", { class: "lsb-group__name" }, g.name),
    ),
    h(
      "div",
      { class: "lsb-list" },
      g.events.map((e) => eventRow(e, open)),
    ),
  );
}

// ---- sport, category, championship

type ListRoute = Extract<WidgetRoute, { page: "sport" | "category" | "championship" }>;

function sportList(route: ListRoute, go: (r: WidgetRoute) => void, open: (e: SportEvent) => void): VNode {
  const sports = sportsResource();
  const sport = sports.data?.find((s) => s.id === route.sportId);
  const all = eventsResource({ sportId: route.sportId, limit: 200 });
  const events = (all.data ?? [])
    .map((id) => state.events.get(id))
    .filter((e): e is SportEvent => !!e && e.status !== "ended" && e.status !== "cancelled")
    .sort(sortEvents);
  const categories = new Map<number, string>();
  for (const e of events) categories.set(e.categoryId, e.categoryName);
  const categoryId =
    route.page === "category"
      ? route.categoryId
      : route.page === "championship"
        ? route.categoryId
        : undefined;
  const shown = events.filter((e) =>
    route.page === "championship"
      ? e.championshipId === route.championshipId
      : route.page === "category"
        ? e.categoryId === route.categoryId
        : true,
  );
  const groups = byChampionship(shown);
  const title =
    route.page === "championship"
      ? (groups[0]?.name ?? sport?.name ?? "")
      : route.page === "category"
        ? (categories.get(route.categoryId) ?? sport?.name ?? "")
        : (sport?.name ?? "");
  return h(
    "div",
    { class: "lsb-stack" },
    sportsStrip(go, route.sportId),
    h(
      "header",
      {
        class: "lsb-hero",
        style: sport?.widgetBgUrl ? `--lsb-hero:url("${absolute(sport.widgetBgUrl)}")` : undefined,
      },
      h(
        "div",
        { class: "lsb-crumbs" },
        h(
          "button",
          { type: "button", class: "lsb-link", onclick: () => go({ page: "overview" }) },
          state.t("overview"),
        ),
        route.page !== "sport" && sport
          ? [
              " / ",
              h(
                "button",
                {
                  type: "button",
                  class: "lsb-link",
                  onclick: () => go({ page: "sport", sportId: route.sportId }),
                },
                sport.name,
              ),
            ]
          : null,
      ),
      h("h1", { class: "lsb-hero__title" }, title),
      sport
        ? h(
            "p",
            { class: "lsb-hero__meta" },
            `${shown.length} · ${state.t("live")} ${shown.filter((e) => e.status === "live").length}`,
          )
        : null,
    ),
    categories.size > 1 && route.page !== "championship"
      ? h(
          "div",
          { class: "lsb-chips lsb-chips--sub" },
          h(
            "button",
            {
              type: "button",
              class: `lsb-chip${route.page === "sport" ? " is-active" : ""}`,
              onclick: () => go({ page: "sport", sportId: route.sportId }),
            },
            state.t("allSports").split(" ")[0] ?? "",
          ),
          [...categories].map(([id, name]) =>
            h(
              "button",
              {
                key: id,
                type: "button",
                class: `lsb-chip${categoryId === id ? " is-active" : ""}`,
                "data-category": String(id),
                onclick: () => go({ page: "category", sportId: route.sportId, categoryId: id }),
              },
              name,
            ),
          ),
        )
      : null,
    listState(all, shown.length === 0, state.t("noEvents"), () => invalidate("events:")) ??
      groups.map((g) => champGroup(g, open, go)),
  );
}

// ---- event page

function eventPage(eventId: number, go: (r: WidgetRoute) => void): VNode {
  const r = eventResource(eventId);
  const event = state.events.get(eventId);
  if (!event || !state.full.has(eventId)) {
    const s = listState(r, false, "", () => invalidate(`event:${state.params?.locale}:${eventId}`), 6);
    if (s && (!event || r.error)) return s;
  }
  if (!event) return h("div", { class: "lsb-empty" }, h("p", null, state.t("loadFailed")));
  const live = event.status === "live";
  const over = event.status === "ended" || event.status === "cancelled";
  return h(
    "div",
    { class: "lsb-stack", "data-event": String(event.id), "data-status": event.status },
    h(
      "header",
      { class: `lsb-match${live ? " is-live" : ""}` },
      h(
        "div",
        { class: "lsb-crumbs" },
        h(
          "button",
          { type: "button", class: "lsb-link", onclick: () => go({ page: "sport", sportId: event.sportId }) },
          event.sportName,
        ),
        " / ",
        h(
          "button",
          {
            type: "button",
            class: "lsb-link",
            onclick: () =>
              go({
                page: "championship",
                sportId: event.sportId,
                championshipId: event.championshipId,
                categoryId: event.categoryId,
              }),
          },
          `${event.categoryName} · ${event.championshipName}`,
        ),
      ),
      h(
        "div",
        { class: "lsb-match__board" },
        h(
          "div",
          { class: "lsb-match__team" },
          h("span", { class: "lsb-badge" }, initials(event.home)),
          h("strong", null, event.home),
        ),
        h(
          "div",
          { class: "lsb-match__mid" },
          live || event.status === "ended"
            ? h(
                "div",
                {
                  class: "lsb-match__score",
                  "data-score": `${event.live?.score[0] ?? 0}-${event.live?.score[1] ?? 0}`,
                },
                `${event.live?.score[0] ?? 0} : ${event.live?.score[1] ?? 0}`,
              )
            : h("div", { class: "lsb-match__vs" }, "VS"),
          h(
            "div",
            { class: "lsb-match__clock" },
            live
              ? eventTime(event)
              : event.status === "ended"
                ? "FT"
                : formatKickoff(state.culture, event.startsAt, state.t),
          ),
          live && event.live?.detail ? h("div", { class: "lsb-muted lsb-small" }, event.live.detail) : null,
        ),
        event.away
          ? h(
              "div",
              { class: "lsb-match__team" },
              h("span", { class: "lsb-badge lsb-badge--alt" }, initials(event.away)),
              h("strong", null, event.away),
            )
          : h("div"),
      ),
    ),
    over
      ? h("div", { class: "lsb-empty" }, h("p", null, state.t("eventOver")))
      : h(
          "div",
          { class: "lsb-markets" },
          event.markets.map((m) =>
            h(
              "section",
              {
                key: m.id,
                class: `lsb-market${m.status !== "open" ? " is-off" : ""}`,
                "data-market": m.id,
                "data-market-status": m.status,
              },
              h(
                "h3",
                { class: "lsb-market__name" },
                m.name,
                m.status === "suspended" ? h("span", { class: "lsb-tag" }, state.t("suspended")) : null,
              ),
              h(
                "div",
                {
                  // Choices named at length (double chance, a handicap on long team names) stack one per line
                  // in a narrow widget, so each reads whole (issue 36: "Ankara Denizciler or …" twice).
                  class: `lsb-market__grid lsb-cols-${m.selections.length <= 3 ? m.selections.length : m.selections.length % 3 === 0 ? 3 : 2}${
                    m.selections.some((s) => s.name.length > LONG_LABEL) ? " lsb-market__grid--long" : ""
                  }`,
                },
                m.selections.map((_, i) => oddsButton(event, m, i)),
              ),
            ),
          ),
        ),
  );
}

/** A choice's name longer than this does not fit a third of a phone's width. */
const LONG_LABEL = 16;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join("");
