import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import type { StaffMe } from "#common/api/admin";
import type { SportShortfall } from "#common/api/admin-trading";
import { adminApi, can } from "../api";
import { AdminList } from "../kit/AdminList";
import { StatusBadge } from "../kit/badges";
import { CaseAmount, CaseCard } from "../kit/CaseCard";
import { FilterButtons, usePageParam, useTabParam } from "../kit/filters";
import { when } from "../kit/format";
import { ReasonedDecision } from "../kit/ReasonedDecision";
import { TRADING_KEY } from "./event-badges";

const STATUSES = ["open", "collected", "written_off"] as const;
type Status = (typeof STATUSES)[number];
const STATUS_LABEL: Record<Status, string> = {
  open: "open",
  collected: "collected",
  written_off: "written off",
};
const SHORTFALLS_KEY = [...TRADING_KEY, "shortfalls"] as const;

/** Collect what the player holds now (never below zero), or write the rest off with a reason. */
function ShortfallDecision({ s }: { s: SportShortfall }) {
  const holds = Number(s.balance) > 0;
  return (
    <ReasonedDecision<"collect" | "write-off">
      save={(a, reason) =>
        adminApi.post(`/admin/trading/shortfalls/${s.id}/${a}`, a === "write-off" ? { reason } : {})
      }
      refresh={SHORTFALLS_KEY}
      action={
        holds
          ? {
              value: "collect",
              label: `Collect ${Number(s.balance) < Number(s.owed) ? s.balance : s.owed} ${s.currency}`,
              testId: "collect-shortfall",
            }
          : undefined
      }
      reasoned={{
        value: "write-off",
        open: "Write off",
        openTestId: "write-off-shortfall",
        label: "Why the house bears it",
        submit: `Write off ${s.owed} ${s.currency}`,
        testId: "write-off-reason",
      }}
      after={
        !holds && <p className="text-xs text-muted">The player's balance is empty: nothing to collect now.</p>
      }
    />
  );
}

/** One shortfall: what is owed, by whom and on which bet, and the decision or how it ended. */
function ShortfallCard({ s, me }: { s: SportShortfall; me: StaffMe }) {
  return (
    <CaseCard
      testId="shortfall-row"
      id={s.id}
      columns="md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.2fr)]"
    >
      <div className="min-w-0">
        <CaseAmount amount={s.status === "open" ? s.owed : s.amount} currency={s.currency} />
        <p className="text-sm text-muted">
          {s.status === "open" ? "owed" : "was owed"}
          {s.collected !== "0" && ` · ${s.collected} collected`}
        </p>
        <p className="mt-1 text-xs text-muted">Resettled {when(s.createdAt)}</p>
      </div>
      <div className="grid min-w-0 content-start gap-1 text-sm">
        <Link
          to={`/admin/players/${s.playerId}`}
          className="truncate font-semibold text-accent hover:underline"
        >
          Player #{s.playerId}
        </Link>
        <p className="truncate text-muted">Bet #{s.betId}</p>
        <p className="text-muted">
          Holds{" "}
          <span className="font-semibold text-fg tabular-nums">
            {s.balance} {s.currency}
          </span>
        </p>
      </div>
      <div className="grid min-w-0 content-start gap-2">
        {s.status === "open" ? (
          can(me, "trading.write") ? (
            <ShortfallDecision s={s} />
          ) : (
            <StatusBadge status="pending" label="open" />
          )
        ) : (
          <div className="grid gap-1 text-sm">
            <StatusBadge
              status={s.status === "collected" ? "applied" : "rejected"}
              label={STATUS_LABEL[s.status]}
            />
            {s.resolvedAt && <p className="text-xs text-muted">{when(s.resolvedAt)}</p>}
            {s.note && <p className="text-xs text-muted">{s.note}</p>}
          </div>
        )}
      </div>
    </CaseCard>
  );
}

/**
 * `/admin/trading/shortfalls` (issue 42): what corrected results could not take back because the player held
 * less than the first payout. The balance stopped at zero; the rest waits here, the longest owed first, until
 * staff collect it from what the player holds now or write it off.
 */
export function ShortfallsScreen({ me }: { me: StaffMe }) {
  const [status, setStatus] = useTabParam(STATUSES, "status");
  const page = usePageParam();
  const list = useQuery({
    queryKey: [...SHORTFALLS_KEY, status, page],
    queryFn: () => adminApi.get("/admin/trading/shortfalls", { status, page, perPage: 20 }),
  });
  return (
    <div className="grid min-w-0 max-w-5xl grid-cols-[minmax(0,1fr)] gap-5">
      <div className="grid gap-1">
        <p className="text-sm">
          <Link to="/admin/trading" className="text-accent hover:underline">
            Trading
          </Link>
        </p>
        <h1 className="text-2xl font-extrabold">Resettlement shortfalls</h1>
        <p className="text-sm text-muted">
          A corrected result takes back the first payout only as far as the player's balance goes. What it
          could not take back is owed here: collect it from what the player holds now, or write it off.
        </p>
      </div>
      <AdminList
        paged={list}
        emptyText={status === "open" ? "Nothing is owed." : `No ${STATUS_LABEL[status]} shortfall.`}
        filters={
          <FilterButtons
            options={STATUSES.map((s) => [s, STATUS_LABEL[s]] as const)}
            value={status}
            onChange={setStatus}
          />
        }
        testId="admin-shortfalls"
        className="grid gap-3"
      >
        {(s) => <ShortfallCard s={s} me={me} />}
      </AdminList>
    </div>
  );
}
