import type { SportEvent, SportMarket } from "#common/api/sportsbook";
import { SPORTSBOOK_EVENTS } from "#common/sportsbook-widgets";
import { h, type VElement, type VNode } from "./dom";
import { inSlip, toggleSelection } from "./slip";
import { flashOf, type Resource, state } from "./store";
import { formatKickoff, formatOdds } from "./texts";

/** Pieces every widget draws: odds buttons, event rows, states of a list. */

const SHORT_LABELS: Record<string, string[]> = {
  match_result: ["1", "X", "2"],
  "1x2": ["1", "X", "2"],
  moneyline: ["1", "2"],
};

/** The label on a list's odds button: 1 / X / 2 for a match result, else the selection's own name. */
function shortLabel(market: SportMarket, index: number, name: string): string {
  const labels = SHORT_LABELS[market.type] ?? SHORT_LABELS[market.id];
  if (labels && market.selections.length === labels.length) return labels[index] ?? name;
  return name;
}

export function oddsButton(
  event: SportEvent,
  market: SportMarket,
  index: number,
  opts: { short?: boolean } = {},
): VElement {
  const s = market.selections[index];
  if (!s) return h("span");
  const suspended = market.status !== "open" || event.status === "ended" || event.status === "cancelled";
  const flash = flashOf(s.id);
  const picked = inSlip(s.id);
  const label = opts.short ? shortLabel(market, index, s.name) : s.name;
  const cls = ["lsb-odd", picked && "is-picked", flash && `is-${flash}`, suspended && "is-off"]
    .filter(Boolean)
    .join(" ");
  return h(
    "button",
    {
      key: s.id,
      type: "button",
      class: cls,
      disabled: suspended,
      "aria-pressed": picked ? "true" : "false",
      "data-selection": s.id,
      "data-odds": s.odds,
      title: `${market.name}: ${s.name}`,
      onclick: () => {
        const added = toggleSelection(event, market.id, s.id);
        window.dispatchEvent(
          new CustomEvent(SPORTSBOOK_EVENTS.oddSelection, {
            detail: {
              eventId: event.id,
              champId: event.championshipId,
              selectionId: s.id,
              eventName: event.away ? `${event.home} - ${event.away}` : event.home,
              championshipName: event.championshipName,
              sportId: event.sportId,
              added,
            },
          }),
        );
      },
    },
    h("span", { class: "lsb-odd__label" }, label),
    suspended
      ? h("span", { class: "lsb-odd__price" }, lockIcon())
      : h(
          "span",
          { class: "lsb-odd__price" },
          flash
            ? h("span", { class: "lsb-odd__arrow", "aria-hidden": "true" }, flash === "up" ? "▲" : "▼")
            : null,
          formatOdds(state.culture, s.odds),
        ),
  );
}

export function lockIcon(): VElement {
  return h(
    "svg",
    {
      viewBox: "0 0 24 24",
      width: "14",
      height: "14",
      "aria-label": state.t("suspended"),
      fill: "currentColor",
    },
    h("path", {
      d: "M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5zm-3 8V7a3 3 0 1 1 6 0v3H9z",
    }),
  );
}

export function liveBadge(event: SportEvent): VNode {
  return h(
    "span",
    { class: "lsb-live" },
    h("span", { class: "lsb-live__dot", "aria-hidden": "true" }),
    event.live?.clock ?? state.t("live"),
  );
}

/** When the event is: the live clock, or its kick-off. */
export function eventTime(event: SportEvent): VNode {
  if (event.status === "live") return liveBadge(event);
  if (event.status === "ended") return h("span", { class: "lsb-muted" }, "FT");
  // The instant rides along: a first screen drawn by the server writes it again in the visitor's time zone.
  return h(
    "time",
    { class: "lsb-time", datetime: event.startsAt },
    formatKickoff(state.culture, event.startsAt, state.t),
  );
}

/** The two sides of an event, each with its score while the match is live (one side for an outright). */
export function teams(event: SportEvent): (VElement | null)[] {
  const live = event.status === "live" && event.live;
  const side = (name: string, score: number | undefined) =>
    h(
      "span",
      { class: "lsb-team" },
      h("span", { class: "lsb-team__name", title: name }, name),
      live ? h("b", { class: "lsb-score" }, String(score ?? 0)) : null,
    );
  return [side(event.home, event.live?.score[0]), event.away ? side(event.away, event.live?.score[1]) : null];
}

/** A list row: time, teams (with the score when live), the main market's odds and the other markets' count. */
export function eventRow(event: SportEvent, open: (e: SportEvent) => void): VElement {
  const market = event.markets[0];
  const more = event.marketCount - (market ? 1 : 0);
  return h(
    "div",
    { key: event.id, class: "lsb-row", "data-event": String(event.id), "data-status": event.status },
    h(
      "button",
      { type: "button", class: "lsb-row__main", onclick: () => open(event) },
      h("span", { class: "lsb-row__time" }, eventTime(event)),
      h("span", { class: "lsb-row__teams" }, ...teams(event)),
    ),
    h(
      "div",
      { class: `lsb-row__odds lsb-cols-${market ? Math.min(market.selections.length, 3) : 3}` },
      market
        ? market.selections.slice(0, 3).map((_, i) => oddsButton(event, market, i, { short: true }))
        : null,
    ),
    h(
      "button",
      {
        type: "button",
        class: "lsb-row__more",
        onclick: () => open(event),
        "aria-label": `${more} ${state.t("markets")}`,
      },
      more > 0 ? `+${more}` : "›",
    ),
  );
}

/**
 * A line of text about to come: a shimmering bar exactly a line high (it holds a no-break space), short (a
 * time), medium or long (a name).
 */
const textPlaceholder = (width: "s" | "m" | "l"): VElement =>
  h("span", { class: `lsb-ph lsb-ph--${width}` }, "\u00a0");

/** The three odds buttons about to come (their container sets the columns). */
const oddsPlaceholders = (): VElement[] =>
  [0, 1, 2].map((i) => h("span", { key: i, class: "lsb-odd lsb-ph" }));

/** The two team lines of a row or card about to come, in the box `teams()` fills. */
const teamsPlaceholder = (box: string): VElement =>
  h(
    "span",
    { class: box },
    h("span", { class: "lsb-team" }, textPlaceholder("l")),
    h("span", { class: "lsb-team" }, textPlaceholder("m")),
  );

/**
 * Event rows about to come, in the boxes eventRow draws (time, two teams, three odds, more), so the list that
 * replaces them is as tall at every width and nothing below it moves.
 */
export function rowPlaceholders(count: number): VElement {
  return h(
    "div",
    { class: "lsb-list", "aria-hidden": "true" },
    Array.from({ length: count }, (_, i) =>
      h(
        "div",
        { key: i, class: "lsb-row" },
        h(
          "span",
          { class: "lsb-row__main" },
          h("span", { class: "lsb-row__time" }, h("span", { class: "lsb-time" }, textPlaceholder("s"))),
          teamsPlaceholder("lsb-row__teams"),
        ),
        h("span", { class: "lsb-row__odds lsb-cols-3" }, oddsPlaceholders()),
        h("span", { class: "lsb-row__more" }),
      ),
    ),
  );
}

/** Event cards about to come, in the boxes eventCard draws. */
export function cardPlaceholders(count: number): VElement {
  return h(
    "div",
    { class: "lsb-cards", "aria-hidden": "true" },
    Array.from({ length: count }, (_, i) =>
      h(
        "div",
        { key: i, class: "lsb-card" },
        h("span", { class: "lsb-card__head" }, textPlaceholder("l"), textPlaceholder("s")),
        teamsPlaceholder("lsb-card__teams"),
        h("span", { class: "lsb-card__odds lsb-cols-3" }, oddsPlaceholders()),
      ),
    ),
  );
}

/** Rows of shimmering placeholder where a list is about to be. */
export function skeleton(rows: number): VNode {
  return h(
    "div",
    { class: "lsb-skeleton", "aria-busy": "true" },
    Array.from({ length: rows }, (_, i) => h("div", { key: i, class: "lsb-skeleton__row" })),
  );
}

/** The loading, failed and empty states of a list; undefined when it has data to show. */
export function listState<T>(
  r: Resource<T>,
  empty: boolean,
  emptyText: string,
  retry: () => void,
  rows = 4,
): VNode | undefined {
  if (r.data === undefined && r.loading) return skeleton(rows);
  if (r.data === undefined && r.error)
    return h(
      "div",
      { class: "lsb-empty", role: "alert" },
      h("p", null, state.t("loadFailed")),
      h("button", { type: "button", class: "lsb-btn lsb-btn--ghost", onclick: retry }, state.t("retry")),
    );
  if (empty) return h("div", { class: "lsb-empty" }, h("p", null, emptyText));
  return undefined;
}

export function sectionTitle(text: string, extra?: VNode | null, icon?: VNode): VElement {
  return h(
    "div",
    { class: "lsb-section__head" },
    h("h2", { class: "lsb-section__title" }, icon ?? null, text),
    extra ?? null,
  );
}

/** Groups events by championship, in the order they came. */
export function byChampionship(events: SportEvent[]): {
  id: number;
  name: string;
  category: string;
  sportId: number;
  categoryId: number;
  events: SportEvent[];
}[] {
  const groups = new Map<
    number,
    { id: number; name: string; category: string; sportId: number; categoryId: number; events: SportEvent[] }
  >();
  for (const e of events) {
    let g = groups.get(e.championshipId);
    if (!g) {
      g = {
        id: e.championshipId,
        name: e.championshipName,
        category: e.categoryName,
        sportId: e.sportId,
        categoryId: e.categoryId,
        events: [],
      };
      groups.set(e.championshipId, g);
    }
    g.events.push(e);
  }
  return [...groups.values()];
}

export const sortEvents = (a: SportEvent, b: SportEvent) => {
  if ((a.status === "live") !== (b.status === "live")) return a.status === "live" ? -1 : 1;
  return a.startsAt.localeCompare(b.startsAt);
};
