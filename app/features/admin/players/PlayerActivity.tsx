import type { AdminPlayerPage } from "#common/api/admin-player";
import { Panel, when } from "../ui";
import { RecordList } from "./RecordList";

const INVOICE_STATUS_NAMES: Record<number, string> = { 1: "pending", 2: "paid", 3: "failed" };
const BONUS_STATUS_NAMES: Record<number, string> = { 1: "issued", 2: "active", 3: "finished" };

/** A line of a record list: what it is on the left, its figures on the right. */
const line = "flex justify-between gap-3";

export function InvoicesPanel({ invoices }: { invoices: AdminPlayerPage["invoices"] }) {
  return (
    <Panel title="Deposits and withdrawals" testId="admin-player-invoices">
      <RecordList items={invoices} emptyText="No deposit or withdrawal yet.">
        {(i) => (
          <li key={i.id} className={line}>
            <span>
              {i.type === 1 ? "Deposit" : "Withdrawal"} #{i.number} ·{" "}
              <span className="text-muted">{i.method}</span>
            </span>
            <span className="text-right tabular-nums">
              {i.amount} {i.currency} · {INVOICE_STATUS_NAMES[i.status] ?? i.status}
            </span>
          </li>
        )}
      </RecordList>
    </Panel>
  );
}

export function BetsPanel({ bets }: { bets: AdminPlayerPage["bets"] }) {
  return (
    <Panel title="Sports bets">
      <RecordList items={bets} emptyText="No sports bet yet.">
        {(b) => (
          <li key={b.id} className={line}>
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
      </RecordList>
    </Panel>
  );
}

export function BonusesPanel({ bonuses }: { bonuses: AdminPlayerPage["bonuses"] }) {
  return (
    <Panel title="Bonuses">
      <RecordList items={bonuses} emptyText="No bonus yet.">
        {(b) => (
          <li key={b.id} className={line}>
            <span className="min-w-0 truncate">{b.name}</span>
            <span className="text-right tabular-nums">
              {b.amount} {b.currency} · {BONUS_STATUS_NAMES[b.status] ?? b.status} · wagered {b.wagered} of{" "}
              {b.wageringRequired}
            </span>
          </li>
        )}
      </RecordList>
    </Panel>
  );
}

export function SessionsPanel({ sessions }: { sessions: AdminPlayerPage["sessions"] }) {
  return (
    <Panel title="Sessions">
      <RecordList items={sessions.slice(0, 10)} emptyText="No sessions.">
        {(s) => (
          <li key={s.id} className={line}>
            <span>
              {s.device} <span className="text-muted">{s.ip ?? ""}</span>
            </span>
            <span className={s.live ? "text-success" : "text-muted"}>
              {s.live ? "live" : "ended"} · {when(s.lastSeenAt)}
            </span>
          </li>
        )}
      </RecordList>
    </Panel>
  );
}

export function AuditPanel({ audit }: { audit: AdminPlayerPage["audit"] }) {
  return (
    <Panel title="Audit trail" testId="admin-player-audit">
      <RecordList items={audit} emptyText="No staff action on this player yet.">
        {(a) => (
          <li key={a.id} className={line}>
            <span>
              <span className="font-semibold">{a.action}</span> by {a.staff ?? "—"}
            </span>
            <span className="text-muted">{when(a.createdAt)}</span>
          </li>
        )}
      </RecordList>
    </Panel>
  );
}
