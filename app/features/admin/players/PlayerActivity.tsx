import type { AdminPlayerPage } from "#common/api/admin-player";
import { AdminList } from "../kit/AdminList";
import { when } from "../kit/format";
import { Panel } from "../kit/Panel";
import { byId, LOADED } from "./FactRow";

const INVOICE_STATUS_NAMES: Record<number, string> = { 1: "pending", 2: "paid", 3: "failed" };
const BONUS_STATUS_NAMES: Record<number, string> = { 1: "issued", 2: "active", 3: "finished" };

/** A line of a record list: what it is on the left, its figures on the right. */
const line = "flex justify-between gap-3";

export function InvoicesPanel({ invoices }: { invoices: AdminPlayerPage["invoices"] }) {
  return (
    <Panel title="Deposits and withdrawals" testId="admin-player-invoices">
      <AdminList
        query={LOADED}
        itemKey={byId}
        items={invoices}
        emptyText="No deposit or withdrawal yet."
        className="grid gap-1.5 text-sm"
      >
        {(i) => (
          <li className={line}>
            <span>
              {i.type === 1 ? "Deposit" : "Withdrawal"} #{i.number} ·{" "}
              <span className="text-muted">{i.method}</span>
            </span>
            <span className="text-right tabular-nums">
              {i.amount} {i.currency} · {INVOICE_STATUS_NAMES[i.status] ?? i.status}
            </span>
          </li>
        )}
      </AdminList>
    </Panel>
  );
}

export function BetsPanel({ bets }: { bets: AdminPlayerPage["bets"] }) {
  return (
    <Panel title="Sports bets">
      <AdminList
        query={LOADED}
        itemKey={byId}
        items={bets}
        emptyText="No sports bet yet."
        className="grid gap-1.5 text-sm"
      >
        {(b) => (
          <li className={line}>
            <span>
              {b.type} · {b.legs.length} {b.legs.length === 1 ? "selection" : "selections"}{" "}
              <span className="text-muted">{when(b.placedAt)}</span>
            </span>
            <span className="text-right tabular-nums">
              {b.stake} {b.currency} · {b.status}
              {b.payout ? ` · paid ${b.payout}` : ""}
            </span>
          </li>
        )}
      </AdminList>
    </Panel>
  );
}

export function BonusesPanel({ bonuses }: { bonuses: AdminPlayerPage["bonuses"] }) {
  return (
    <Panel title="Bonuses">
      <AdminList
        query={LOADED}
        itemKey={byId}
        items={bonuses}
        emptyText="No bonus yet."
        className="grid gap-1.5 text-sm"
      >
        {(b) => (
          <li className={line}>
            <span className="min-w-0 truncate">{b.name}</span>
            <span className="text-right tabular-nums">
              {b.amount} {b.currency} · {BONUS_STATUS_NAMES[b.status] ?? b.status} · wagered {b.wagered} of{" "}
              {b.wageringRequired}
            </span>
          </li>
        )}
      </AdminList>
    </Panel>
  );
}

export function SessionsPanel({ sessions }: { sessions: AdminPlayerPage["sessions"] }) {
  return (
    <Panel title="Sessions">
      <AdminList
        query={LOADED}
        itemKey={byId}
        items={sessions.slice(0, 10)}
        emptyText="No sessions."
        className="grid gap-1.5 text-sm"
      >
        {(s) => (
          <li className={line}>
            <span>
              {s.device} <span className="text-muted">{s.ip ?? ""}</span>
            </span>
            <span className={s.live ? "text-success" : "text-muted"}>
              {s.live ? "live" : "ended"} · {when(s.lastSeenAt)}
            </span>
          </li>
        )}
      </AdminList>
    </Panel>
  );
}

export function AuditPanel({ audit }: { audit: AdminPlayerPage["audit"] }) {
  return (
    <Panel title="Audit trail" testId="admin-player-audit">
      <AdminList
        query={LOADED}
        itemKey={byId}
        items={audit}
        emptyText="No staff action on this player yet."
        className="grid gap-1.5 text-sm"
      >
        {(a) => (
          <li className={line}>
            <span>
              <span className="font-semibold">{a.action}</span> by {a.staff ?? "—"}
            </span>
            <span className="text-muted">{when(a.createdAt)}</span>
          </li>
        )}
      </AdminList>
    </Panel>
  );
}
