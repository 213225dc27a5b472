import type { TradingEventRow } from "#common/api/admin-trading";
import { when } from "../kit/format";

/** The back office's trading screens (decision 0022): their query key and the event badges both show. */
export const TRADING_KEY = ["admin", "trading"] as const;

/** An event's state as the trader reads it: live (with its clock and score), upcoming, or over. */
export function EventState({ e }: { e: Pick<TradingEventRow, "status" | "live" | "startsAt"> }) {
  if (e.status === "live")
    return (
      <span className="inline-flex items-center gap-1.5 text-xs font-bold text-danger">
        <span className="h-2 w-2 rounded-full bg-danger" aria-hidden="true" />
        Live{e.live && ` · ${e.live.clock} · ${e.live.score[0]}–${e.live.score[1]}`}
      </span>
    );
  if (e.status === "scheduled") return <span className="text-xs text-muted">{when(e.startsAt)}</span>;
  return (
    <span className="text-xs font-semibold text-muted">{e.status === "ended" ? "Ended" : "Cancelled"}</span>
  );
}

/** The trader's hold on an event, as a badge (nothing when none). */
export function HoldBadge({ e }: { e: Pick<TradingEventRow, "held" | "heldMarkets" | "marketCount"> }) {
  if (!e.held && e.heldMarkets === 0) return null;
  return (
    <span
      data-testid="trading-hold"
      className="inline-flex rounded-full bg-accent/15 px-2.5 py-0.5 text-xs font-bold text-accent"
    >
      {e.held ? "Event suspended" : `${e.heldMarkets} of ${e.marketCount} suspended`}
    </span>
  );
}
