import { SPORT_CHANNELS, sportEventChannel } from "#common/realtime";
import type { FeedEvent, FeedUpdate, OddsFeed } from "../../providers/odds/port";
import type { Publisher } from "../../realtime/publisher";
import { toSportEvent } from "./events";
import type { SportNames } from "./names";

/**
 * Carries the feed's changes to the public sport channels: every changed event in full on `sport:event#{id}`,
 * and the live events that changed in one tick together on `sport:live` (main market only). A tick is one
 * turn of the event loop: the updates a feed emits together leave as one publication.
 */
export function publishFeedChanges(
  feed: OddsFeed,
  publisher: Publisher,
  names: SportNames,
  onSettle: (u: Extract<FeedUpdate, { type: "result" | "cancelled" }>) => void,
): () => void {
  const changed = new Map<number, FeedEvent>();
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const batch = [...changed.values()];
    changed.clear();
    const live = batch
      .filter((e) => e.status === "live")
      .map((e) => toSportEvent(e, names, { allMarkets: false }));
    if (live.length > 0)
      void publisher.publish(SPORT_CHANNELS.live, { event: "events", data: live }).catch(() => undefined);
    for (const e of batch)
      void publisher
        .publish(sportEventChannel(e.id), {
          event: "event",
          data: toSportEvent(e, names, { allMarkets: true }),
        })
        .catch(() => undefined);
  };
  return feed.subscribe((u) => {
    if (u.type === "event") {
      changed.set(u.event.id, u.event);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    } else if (u.type === "result" || u.type === "cancelled") {
      onSettle(u);
    }
  });
}
