import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import type { StaffMe } from "#common/api/admin";
import { Button } from "~/components/ui/Button";
import { adminApi, can } from "../api";
import { useSaveAndRefresh } from "../kit/EditableRow";
import { ErrorAlert } from "../kit/errors";
import { ListState } from "../kit/ListState";
import { EventState, HoldBadge, TRADING_KEY } from "./event-badges";
import { MarketCard } from "./MarketCard";

/**
 * An event's markets as players see them, with the current odds, the book's liability per outcome and the
 * trader's hold; traders suspend and resume the event or a market, settle or void a market by hand, and
 * correct a result after a confirmation. The page follows the feed every few seconds.
 */
export function TradingEventScreen({ me, eventId }: { me: StaffMe; eventId: string | undefined }) {
  const editable = can(me, "trading.write");
  const event = useQuery({
    queryKey: [...TRADING_KEY, "event", eventId],
    queryFn: async () => (await adminApi.get(`/admin/trading/events/${eventId}`)).data,
    refetchInterval: 5_000,
  });
  const hold = useSaveAndRefresh(
    (suspend: boolean) =>
      adminApi.post(`/admin/trading/events/${eventId}/${suspend ? "suspend" : "resume"}`, {}),
    TRADING_KEY,
  );
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
          <ErrorAlert error={hold.error} />
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
