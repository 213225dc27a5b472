import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "~/components/ui/Button";
import { adminApi } from "~/features/admin/api";
import { EventState, HoldBadge, TRADING_KEY } from "~/features/admin/trading/event-badges";
import { AdminField, FilterButtons, ListState } from "~/features/admin/ui";

type State = "all" | "live" | "upcoming" | "finished";

const selectClass =
  "h-11 w-full min-w-0 rounded-xl border border-line bg-bg/60 px-3 text-sm text-fg outline-none focus:border-accent focus:ring-2 focus:ring-accent/25";

/**
 * `/admin/trading` (decision 0022): the feed's events for traders, live first, then upcoming, then finished;
 * filtered by sport and state, searched by team or championship. Each opens the event's markets and liability.
 */
export default function AdminTrading() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const sport = params.get("sport") ?? "";
  const state =
    (["all", "live", "upcoming", "finished"] as const).find((s) => s === params.get("state")) ?? "all";
  const [typed, setTyped] = useState(q);
  const set = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch))
      if (v) next.set(k, v);
      else next.delete(k);
    setParams(next, { replace: true });
  };
  const list = useQuery({
    queryKey: [...TRADING_KEY, "events", q, sport, state],
    queryFn: async () =>
      (
        await adminApi.get("/admin/trading/events", {
          q: q || undefined,
          sportId: sport || undefined,
          state: state === "all" ? undefined : state,
        })
      ).data,
    refetchInterval: 10_000,
  });
  // The sports on offer, from every event (the filter lists the ones the feed has).
  const all = useQuery({
    queryKey: [...TRADING_KEY, "events", "all"],
    queryFn: async () => (await adminApi.get("/admin/trading/events", { limit: 500 })).data,
    staleTime: 60_000,
  });
  const sports = [...new Map((all.data ?? []).map((e) => [e.sportId, e.sportName])).entries()].sort((a, b) =>
    a[1].localeCompare(b[1]),
  );
  const search = (e: FormEvent) => {
    e.preventDefault();
    set({ q: typed.trim() });
  };
  return (
    <div className="grid min-w-0 max-w-5xl grid-cols-[minmax(0,1fr)] gap-5">
      <div className="grid gap-1">
        <h1 className="text-2xl font-extrabold">Trading</h1>
        <p className="text-sm text-muted">
          The sportsbook's events: open one to see its markets, prices and the book's liability, and to
          suspend, settle or correct them.
        </p>
        <p className="text-sm">
          <Link to="/admin/trading/shortfalls" className="font-semibold text-accent hover:underline">
            Resettlement shortfalls
          </Link>{" "}
          <span className="text-muted">— what corrected results could not take back</span>
        </p>
      </div>
      <search>
        <form
          onSubmit={search}
          className="grid min-w-0 grid-cols-[minmax(0,1fr)] items-end gap-3 sm:grid-cols-[1fr_12rem_auto]"
        >
          <AdminField label="Team or championship" type="search" value={typed} onChange={setTyped} />
          <label className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-1.5 text-sm font-semibold">
            Sport
            <select className={selectClass} value={sport} onChange={(e) => set({ sport: e.target.value })}>
              <option value="">All sports</option>
              {sports.map(([id, name]) => (
                <option key={id} value={id}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit">Search</Button>
        </form>
      </search>
      <FilterButtons<State>
        options={[
          ["all", "All"],
          ["live", "Live"],
          ["upcoming", "Upcoming"],
          ["finished", "Finished"],
        ]}
        value={state}
        onChange={(s) => set({ state: s === "all" ? "" : s })}
      />
      <ListState
        loading={list.isPending}
        error={list.error}
        empty={list.data?.length === 0}
        emptyText={q || sport || state !== "all" ? "No event matches." : "The feed offers no events now."}
      />
      <ul className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2" data-testid="trading-events">
        {list.data?.map((e) => (
          <li key={e.id} data-testid="trading-event">
            <Link
              to={`/admin/trading/${e.id}`}
              className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-1 rounded-2xl border border-line bg-surface p-3 hover:border-accent/60"
            >
              <div className="min-w-0 flex-1 basis-64">
                <p className="truncate font-semibold">{e.name}</p>
                <p className="truncate text-xs text-muted">
                  {e.sportName} · {e.championshipName} · #{e.id}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <EventState e={e} />
                <HoldBadge e={e} />
                <span className="text-xs text-muted">{e.marketCount} markets</span>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
