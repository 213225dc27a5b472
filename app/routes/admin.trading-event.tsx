import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useOutletContext, useParams } from "react-router";
import type { StaffMe } from "#common/api/admin";
import type { TradingEvent, TradingMarket, TradingSettleBody } from "#common/api/admin-trading";
import { Button } from "~/components/ui/Button";
import { adminApi, can } from "~/features/admin/api";
import { EventState, HoldBadge, TRADING_KEY } from "~/features/admin/trading";
import { errorText, ListState } from "~/features/admin/ui";

const STATUS_CLASS: Record<TradingMarket["status"], string> = {
  open: "bg-success/15 text-success",
  suspended: "bg-accent/15 text-accent",
  closed: "bg-surface-3 text-muted",
};

const RESULT_CLASS: Record<string, string> = {
  won: "text-success",
  half_won: "text-success",
  lost: "text-danger",
  half_lost: "text-danger",
  void: "text-muted",
};

/** A liability: what the book pays if the outcome wins (red), or keeps (green). */
function Liability({ amount, currency }: { amount: string; currency: string }) {
  const pays = !amount.startsWith("-") && amount !== "0";
  return (
    <span className={`tabular-nums ${pays ? "font-semibold text-danger" : "text-success"}`}>
      {amount} {currency}
    </span>
  );
}

/**
 * A result by hand: the winning selections (or void), then a confirmation naming what happens to the bets. For
 * a correction the confirmation says the previous payouts are reversed.
 */
function ResultForm({
  eventId,
  market,
  correct,
  onDone,
}: {
  eventId: number;
  market: TradingMarket;
  correct: boolean;
  onDone: () => void;
}) {
  const client = useQueryClient();
  const [winners, setWinners] = useState<string[]>([]);
  const [pending, setPending] = useState<TradingSettleBody | undefined>();
  const settle = useMutation({
    mutationFn: (body: TradingSettleBody) =>
      adminApi.post(
        `/admin/trading/events/${eventId}/markets/${encodeURIComponent(market.id)}/${correct ? "resettle" : "settle"}`,
        body,
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: TRADING_KEY });
      onDone();
    },
  });
  const names = (ids: string[]) =>
    market.selections
      .filter((s) => ids.includes(s.id))
      .map((s) => s.name)
      .join(", ");
  const verb = correct ? "Correct the result" : "Settle";
  return (
    <div
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 border-t border-line pt-3"
      data-testid="trading-result-form"
    >
      {!pending ? (
        <>
          <fieldset className="flex flex-wrap gap-2">
            <legend className="mb-1.5 text-sm font-semibold">
              {correct ? "The right result: who won" : "Who won"}
            </legend>
            {market.selections.map((s) => (
              <label
                key={s.id}
                className="flex items-center gap-1.5 rounded-lg border border-line px-2.5 py-1.5 text-sm"
              >
                <input
                  type="checkbox"
                  checked={winners.includes(s.id)}
                  onChange={(e) =>
                    setWinners(e.target.checked ? [...winners, s.id] : winners.filter((w) => w !== s.id))
                  }
                />
                {s.name}
              </label>
            ))}
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={winners.length === 0} onClick={() => setPending({ winners })}>
              {verb}…
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setPending({ void: true })}>
              Void the market…
            </Button>
            <Button size="sm" variant="ghost" onClick={onDone}>
              Cancel
            </Button>
          </div>
        </>
      ) : (
        <div role="alertdialog" aria-label={`${verb} ${market.name}`} className="grid gap-3">
          <p className="text-sm">
            {"void" in pending
              ? `Void “${market.name}”: every stake on it is returned.`
              : `${names(pending.winners)} won; every other selection of “${market.name}” lost.`}{" "}
            {correct
              ? "Bets already paid on the previous result are reversed and settled again on this one."
              : `The ${market.openBets} open bet${market.openBets === 1 ? "" : "s"} on it settle now.`}
          </p>
          {settle.error && (
            <p role="alert" className="text-sm text-danger">
              {errorText(settle.error)}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={settle.isPending} onClick={() => settle.mutate(pending)}>
              {correct ? "Confirm the correction" : "Confirm"}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setPending(undefined)}>
              Back
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

function MarketCard({
  event,
  market,
  editable,
}: {
  event: TradingEvent;
  market: TradingMarket;
  editable: boolean;
}) {
  const client = useQueryClient();
  const [form, setForm] = useState<"settle" | "resettle" | undefined>();
  const hold = useMutation({
    mutationFn: (suspend: boolean) =>
      adminApi.post(
        `/admin/trading/events/${event.id}/markets/${encodeURIComponent(market.id)}/${suspend ? "suspend" : "resume"}`,
        {},
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: TRADING_KEY }),
  });
  const over = event.status === "ended" || event.status === "cancelled";
  const marketHeld = market.held && !event.held;
  return (
    <li
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 rounded-2xl border border-line bg-surface p-3 sm:p-4"
      data-testid="trading-market"
      data-market={market.id}
    >
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1 basis-52">
          <h2 className="font-bold">{market.name}</h2>
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
            {market.feedStatus !== market.status && (
              <span className="text-muted">feed: {market.feedStatus}</span>
            )}
            {market.settledBy && (
              <span className="text-muted">
                settled by{" "}
                {market.settledBy === "trader" ? `a trader (v${market.resultVersion})` : "the feed"}
              </span>
            )}
          </div>
        </div>
        <p className="text-xs text-muted">
          {market.openBets} open bet{market.openBets === 1 ? "" : "s"} · stakes {market.stakes}{" "}
          {event.baseCurrency}
        </p>
      </div>
      <table className="w-full table-fixed text-left text-sm">
        <thead className="text-xs text-muted uppercase">
          <tr>
            <th className="py-1 pr-2 font-semibold">Outcome</th>
            <th className="w-16 py-1 pr-2 text-right font-semibold">Odds</th>
            <th className="w-32 py-1 pr-2 text-right font-semibold max-sm:hidden">Payouts</th>
            <th className="w-32 py-1 text-right font-semibold">Liability</th>
          </tr>
        </thead>
        <tbody>
          {market.selections.map((s) => (
            <tr key={s.id} className="border-t border-line" data-testid="trading-selection">
              <td className="truncate py-1.5 pr-2">
                {s.name}
                {s.result && (
                  <span className={`ml-1.5 text-xs font-bold ${RESULT_CLASS[s.result] ?? ""}`}>
                    {s.result.replace("_", " ")}
                  </span>
                )}
              </td>
              <td className="py-1.5 pr-2 text-right tabular-nums">{s.odds}</td>
              <td className="py-1.5 pr-2 text-right tabular-nums text-muted max-sm:hidden">
                {s.payout} {event.baseCurrency}
              </td>
              <td className="py-1.5 text-right">
                <Liability amount={s.liability} currency={event.baseCurrency} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
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
          {!market.settledBy && (over || market.held) && (
            <Button
              size="sm"
              variant="ghost"
              aria-expanded={form === "settle"}
              onClick={() => setForm(form === "settle" ? undefined : "settle")}
            >
              Settle by hand
            </Button>
          )}
          {market.settledBy && (
            <Button
              size="sm"
              variant="ghost"
              aria-expanded={form === "resettle"}
              onClick={() => setForm(form === "resettle" ? undefined : "resettle")}
            >
              Correct the result
            </Button>
          )}
        </div>
      )}
      {hold.error && (
        <p role="alert" className="text-sm text-danger">
          {errorText(hold.error)}
        </p>
      )}
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

/**
 * `/admin/trading/:eventId` (decision 0022): an event's markets as players see them, with the current odds, the
 * book's liability per outcome and the trader's hold; traders suspend and resume the event or a market, settle
 * or void a market by hand, and correct a result after a confirmation. The page follows the feed every few
 * seconds.
 */
export default function AdminTradingEvent() {
  const me = useOutletContext<StaffMe>();
  const editable = can(me, "trading.write");
  const { eventId } = useParams();
  const client = useQueryClient();
  const event = useQuery({
    queryKey: [...TRADING_KEY, "event", eventId],
    queryFn: async () => (await adminApi.get(`/admin/trading/events/${eventId}`)).data,
    refetchInterval: 5_000,
  });
  const hold = useMutation({
    mutationFn: (suspend: boolean) =>
      adminApi.post(`/admin/trading/events/${eventId}/${suspend ? "suspend" : "resume"}`, {}),
    onSuccess: () => void client.invalidateQueries({ queryKey: TRADING_KEY }),
  });
  const e = event.data;
  const over = e?.status === "ended" || e?.status === "cancelled";
  return (
    <div className="grid min-w-0 max-w-5xl grid-cols-[minmax(0,1fr)] gap-5">
      <Link to="/admin/trading" className="text-sm font-semibold text-accent hover:underline">
        ← All events
      </Link>
      <ListState loading={event.isPending} error={event.error} empty={false} emptyText="" />
      {e && (
        <>
          <div className="flex flex-wrap items-start gap-3">
            <div className="min-w-0 flex-1 basis-64">
              <h1 className="text-2xl font-extrabold">{e.name}</h1>
              <p className="text-sm text-muted">
                {e.sportName} · {e.championshipName} · #{e.id}
              </p>
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <EventState e={e} />
                <HoldBadge e={e} />
              </div>
            </div>
            {editable &&
              !over &&
              (e.held ? (
                <Button disabled={hold.isPending} onClick={() => hold.mutate(false)}>
                  Resume event
                </Button>
              ) : (
                <Button variant="secondary" disabled={hold.isPending} onClick={() => hold.mutate(true)}>
                  Suspend event
                </Button>
              ))}
          </div>
          {hold.error && (
            <p role="alert" className="text-sm text-danger">
              {errorText(hold.error)}
            </p>
          )}
          <p className="text-xs text-muted">
            Liability: what the book pays if the outcome wins, net of every stake on its market (red: the book
            pays; green: it keeps), over open bets in {e.baseCurrency}; a combo counts an equal share on each
            leg.
            {!editable && " You may look; acting needs the trader role."}
          </p>
          {e.markets.length === 0 ? (
            <p className="text-sm text-muted">The feed offers no markets on this event.</p>
          ) : (
            <ul className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3" data-testid="trading-markets">
              {e.markets.map((m) => (
                <MarketCard key={m.id} event={e} market={m} editable={editable} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
