import { useState } from "react";
import type { TradingEvent, TradingMarket } from "#common/api/admin-trading";
import { Button } from "~/components/ui/Button";
import { adminApi } from "../api";
import { useSaveAndRefresh } from "../kit/EditableRow";
import { ErrorAlert } from "../kit/errors";
import { TRADING_KEY } from "./event-badges";
import { MarketSelections } from "./MarketSelections";
import { ResultForm } from "./ResultForm";

const STATUS_CLASS: Record<TradingMarket["status"], string> = {
  open: "bg-success/15 text-success",
  suspended: "bg-accent/15 text-accent",
  closed: "bg-surface-3 text-muted",
};

/** A market's state as the trader reads it: its status, the hold, the feed's own status and who settled it. */
function MarketState({ event, market }: { event: TradingEvent; market: TradingMarket }) {
  return (
    <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs">
      <span
        data-testid="trading-market-status"
        className={`inline-flex rounded-full px-2 py-0.5 font-bold ${STATUS_CLASS[market.status]}`}
      >
        {market.status}
      </span>
      {market.held && (
        <span className="inline-flex rounded-full bg-accent/15 px-2 py-0.5 font-bold text-accent">
          {event.held ? "held with the event" : "held by a trader"}
        </span>
      )}
      {market.feedStatus !== market.status && <span className="text-muted">feed: {market.feedStatus}</span>}
      {market.settledBy && (
        <span className="text-muted">
          settled by {market.settledBy === "trader" ? `a trader (v${market.resultVersion})` : "the feed"}
        </span>
      )}
    </div>
  );
}

type ResultFormKind = "settle" | "resettle";

/** One market of the event, with the trader's hold, settlement by hand and correction of its result. */
export function MarketCard({
  event,
  market,
  editable,
}: {
  event: TradingEvent;
  market: TradingMarket;
  editable: boolean;
}) {
  const [form, setForm] = useState<ResultFormKind | undefined>();
  const hold = useSaveAndRefresh(
    (suspend: boolean) =>
      adminApi.post(
        `/admin/trading/events/${event.id}/markets/${encodeURIComponent(market.id)}/${suspend ? "suspend" : "resume"}`,
        {},
      ),
    TRADING_KEY,
  );
  const over = event.status === "ended" || event.status === "cancelled";
  const marketHeld = market.held && !event.held;
  const formButton = (kind: ResultFormKind, label: string) => (
    <Button
      size="sm"
      variant="ghost"
      aria-expanded={form === kind}
      onClick={() => setForm(form === kind ? undefined : kind)}
    >
      {label}
    </Button>
  );
  return (
    <li
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 rounded-2xl border border-line bg-surface p-3 sm:p-4"
      data-testid="trading-market"
      data-market={market.id}
    >
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1 basis-52">
          <h2 className="font-bold">{market.name}</h2>
          <MarketState event={event} market={market} />
        </div>
        <p className="text-xs text-muted">
          {market.openBets} open bet{market.openBets === 1 ? "" : "s"} · stakes {market.stakes}{" "}
          {event.baseCurrency}
        </p>
      </div>
      <MarketSelections event={event} market={market} />
      {editable && (
        <div className="flex flex-wrap gap-2">
          {!event.held &&
            !market.settledBy &&
            !over &&
            (marketHeld ? (
              <Button size="sm" disabled={hold.isPending} onClick={() => hold.mutate(false)}>
                Resume market
              </Button>
            ) : (
              <Button
                size="sm"
                variant="secondary"
                disabled={hold.isPending}
                onClick={() => hold.mutate(true)}
              >
                Suspend market
              </Button>
            ))}
          {!market.settledBy && (over || market.held) && formButton("settle", "Settle by hand")}
          {market.settledBy && formButton("resettle", "Correct the result")}
        </div>
      )}
      <ErrorAlert error={hold.error} />
      {form && (
        <ResultForm
          eventId={event.id}
          market={market}
          correct={form === "resettle"}
          onDone={() => setForm(undefined)}
        />
      )}
    </li>
  );
}
