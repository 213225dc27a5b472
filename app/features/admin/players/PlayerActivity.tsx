import type { AdminPlayerPage } from "#common/api/admin-player";
import { when } from "../kit/format";
import { Panel } from "../kit/Panel";
import { PageList } from "./FactRow";

const INVOICE_STATUS_NAMES: Record<number, string> = { 1: "pending", 2: "paid", 3: "failed" };
const BONUS_STATUS_NAMES: Record<number, string> = { 1: "issued", 2: "active", 3: "finished" };

export function InvoicesPanel({ invoices }: { invoices: AdminPlayerPage["invoices"] }) {
  return (
    <Panel title="Deposits and withdrawals" testId="admin-player-invoices">
      <PageList items={invoices} emptyText="No deposit or withdrawal yet.">
        {(i) => (
          <>
            <span>
              {i.type === 1 ? "Deposit" : "Withdrawal"} #{i.number} ·{" "}
              <span className="text-muted">{i.method}</span>
            </span>
            <span className="text-right tabular-nums">
              {i.amount} {i.currency} · {INVOICE_STATUS_NAMES[i.status] ?? i.status}
            </span>
          </>
        )}
      </PageList>
    </Panel>
  );
}

export function BetsPanel({ bets }: { bets: AdminPlayerPage["bets"] }) {
  return (
    <Panel title="Sports bets">
      <PageList items={bets} emptyText="No sports bet yet.">
        {(b) => (
          <>
            <span>
              {b.type} · {b.legs.length} {b.legs.length === 1 ? "selection" : "selections"}{" "}
              <span className="text-muted">{when(b.placedAt)}</span>
            </span>
            <span className="text-right tabular-nums">
              {b.stake} {b.currency} · {b.status}
              {b.payout ? ` · paid ${b.payout}` : ""}
            </span>
          </>
        )}
      </PageList>
    </Panel>
  );
}

export function BonusesPanel({ bonuses }: { bonuses: AdminPlayerPage["bonuses"] }) {
  return (
    <Panel title="Bonuses">
      <PageList items={bonuses} emptyText="No bonus yet.">
        {(b) => (
          <>
            <span className="min-w-0 truncate">{b.name}</span>
            <span className="text-right tabular-nums">
              {b.amount} {b.currency} · {BONUS_STATUS_NAMES[b.status] ?? b.status} · wagered {b.wagered} of{" "}
              {b.wageringRequired}
            </span>
          </>
        )}
      </PageList>
    </Panel>
  );
}

export function SessionsPanel({ sessions }: { sessions: AdminPlayerPage["sessions"] }) {
  return (
    <Panel title="Sessions">
      <PageList items={sessions.slice(0, 10)} emptyText="No sessions.">
        {(s) => (
          <>
            <span>
              {s.device} <span className="text-muted">{s.ip ?? ""}</span>
            </span>
            <span className={s.live ? "text-success" : "text-muted"}>
              {s.live ? "live" : "ended"} · {when(s.lastSeenAt)}
            </span>
          </>
        )}
      </PageList>
    </Panel>
  );
}

export function AuditPanel({ audit }: { audit: AdminPlayerPage["audit"] }) {
  return (
    <Panel title="Audit trail" testId="admin-player-audit">
      <PageList items={audit} emptyText="No staff action on this player yet.">
        {(a) => (
          <>
            <span>
              <span className="font-semibold">{a.action}</span> by {a.staff ?? "—"}
            </span>
            <span className="text-muted">{when(a.createdAt)}</span>
          </>
        )}
      </PageList>
    </Panel>
  );
}
