import type { SportEvent } from "#common/api/sportsbook";
import type { NavigationDetail, WidgetName } from "#common/sportsbook-widgets";
import { h, type VNode } from "./dom";
import { eventWatcher } from "./live";
import { describe, eventCard, liveNowEvents, type Widget } from "./page";
import { eventsResource, invalidate, sportsResource, state } from "./store";
import { listState, sectionTitle } from "./ui";

/** Spec point 9: the carousels hold 7 events each. */
export const CAROUSEL_SIZE = 7;

function track(events: SportEvent[], open: (e: SportEvent) => void, image: boolean): VNode {
  return h(
    "div",
    { class: "lsb-track", role: "list" },
    events.map((e) =>
      h("div", { key: e.id, class: "lsb-track__item", role: "listitem" }, eventCard(e, open, { image })),
    ),
  );
}

function scroller(dir: 1 | -1): (ev: Event) => void {
  return (ev) => {
    const t = (ev.currentTarget as HTMLElement).closest(".lsb-carousel")?.querySelector(".lsb-track");
    t?.scrollBy({ left: dir * t.clientWidth * 0.8, behavior: "smooth" });
  };
}

function arrows(): VNode {
  return h(
    "div",
    { class: "lsb-arrows" },
    h("button", { type: "button", class: "lsb-arrow", "aria-label": "‹", onclick: scroller(-1) }, "‹"),
    h("button", { type: "button", class: "lsb-arrow", "aria-label": "›", onclick: scroller(1) }, "›"),
  );
}

function carousel(name: WidgetName, title: string, body: VNode, extra?: VNode): VNode {
  return h(
    "section",
    { class: "lsb-carousel", "data-widget": name },
    sectionTitle(title, h("div", { class: "lsb-row-gap" }, extra ?? null, arrows())),
    body,
  );
}

/** Top events (image type 2: the sport's card image behind each card). */
export function topEventsWidget(
  props: { limit?: number; imageType?: 1 | 2 },
  announce: (d: NavigationDetail) => void,
): Widget {
  let limit = props.limit ?? CAROUSEL_SIZE;
  let image = (props.imageType ?? 2) === 2;
  const open = (e: SportEvent) => announce(describe({ page: "event", eventId: e.id }, "topEvents"));
  return {
    view() {
      sportsResource();
      const r = eventsResource({ top: true, limit });
      const events = (r.data ?? [])
        .map((id) => state.events.get(id))
        .filter((e): e is SportEvent => !!e && (e.status === "scheduled" || e.status === "live"))
        .slice(0, limit);
      return carousel(
        "topEvents",
        state.t("topEvents"),
        listState(r, events.length === 0, state.t("noEvents"), () => invalidate("events:"), 1) ??
          track(events, open, image),
      );
    },
    update(p) {
      if (typeof p.limit === "number") limit = p.limit;
      if (p.imageType) image = p.imageType === 2;
    },
    destroy() {},
  };
}

/**
 * Live now: live events with their clock and score. It follows only the events it shows, on their own channels
 * (a few hundred bytes a change each) rather than `sport:live` (every live event's changes, tens of KB a
 * second); which events are live is read again with the list every 15 s.
 */
export function liveNowWidget(props: { limit?: number }, announce: (d: NavigationDetail) => void): Widget {
  let limit = props.limit ?? CAROUSEL_SIZE;
  const watch = eventWatcher();
  const open = (e: SportEvent) => announce(describe({ page: "event", eventId: e.id }, "liveNow"));
  return {
    view() {
      const r = eventsResource({ status: "live", limit: 50 });
      const events = liveNowEvents(r.data).slice(0, limit);
      watch(events.map((e) => e.id));
      return carousel(
        "liveNow",
        state.t("liveNow"),
        listState(r, events.length === 0, state.t("noLive"), () => invalidate("events:"), 1) ??
          track(events, open, false),
        h(
          "button",
          {
            type: "button",
            class: "lsb-link",
            onclick: () => announce(describe({ page: "live" }, "liveNow")),
          },
          `${state.t("live")} ›`,
        ),
      );
    },
    update(p) {
      if (typeof p.limit === "number") limit = p.limit;
    },
    destroy() {
      watch([]);
    },
  };
}
