import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useOutletContext, useParams } from "react-router";
import type { StaffMe } from "#common/api/admin";
import type { AdminPlayerPage } from "#common/api/admin-player";
import { Button } from "~/components/ui/Button";
import { ADMIN_KEYS, adminApi, can } from "~/features/admin/api";
import { ExcludedPersonMatches } from "~/features/admin/players/ExcludedPersonMatches";
import {
  AdminField,
  DocumentStatus,
  errorText,
  ListState,
  Panel,
  StatusBadge,
  when,
} from "~/features/admin/ui";

const INVOICE_STATUS_NAMES: Record<number, string> = { 1: "pending", 2: "paid", 3: "failed" };
const BONUS_STATUS_NAMES: Record<number, string> = { 1: "issued", 2: "active", 3: "finished" };
const VERIFICATION_TONE: Record<AdminPlayerPage["verification"]["status"], string> = {
  unverified: "text-muted",
  pending: "font-semibold text-accent",
  verified: "font-semibold text-success",
  rejected: "font-semibold text-danger",
};

/** A status change with its reason (kept in the audit trail with the change). */
function StatusAction({ player }: { player: AdminPlayerPage["player"] }) {
  const client = useQueryClient();
  const [reason, setReason] = useState("");
  const change = useMutation({
    mutationFn: (status: "active" | "blocked" | "closed") =>
      adminApi.post(`/admin/players/${player.id}/status`, { status, reason }),
    onSuccess: () => {
      setReason("");
      void client.invalidateQueries({ queryKey: ADMIN_KEYS.player(player.id) });
    },
  });
  const logout = useMutation({
    mutationFn: () => adminApi.post(`/admin/players/${player.id}/logout`),
    onSuccess: () => void client.invalidateQueries({ queryKey: ADMIN_KEYS.player(player.id) }),
  });
  const blocked = player.status === "blocked" || player.status === "closed";
  return (
    <div className="grid gap-3">
      <AdminField label="Reason (kept in the audit trail)" value={reason} onChange={setReason} />
      <div className="flex flex-wrap gap-2">
        {blocked ? (
          <Button
            size="sm"
            disabled={reason.trim().length < 3 || change.isPending}
            onClick={() => change.mutate("active")}
          >
            Unblock
          </Button>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            disabled={reason.trim().length < 3 || change.isPending}
            onClick={() => change.mutate("blocked")}
          >
            Block
          </Button>
        )}
        {player.status !== "closed" && (
          <Button
            size="sm"
            variant="ghost"
            disabled={reason.trim().length < 3 || change.isPending}
            onClick={() => change.mutate("closed")}
          >
            Close account
          </Button>
        )}
        <Button size="sm" variant="ghost" disabled={logout.isPending} onClick={() => logout.mutate()}>
          Sign out everywhere
        </Button>
      </div>
      {(change.error || logout.error) && (
        <p role="alert" className="text-sm text-danger">
          {errorText(change.error ?? logout.error)}
        </p>
      )}
    </div>
  );
}

function NoteForm({ playerId }: { playerId: string }) {
  const client = useQueryClient();
  const [body, setBody] = useState("");
  const add = useMutation({
    mutationFn: () => adminApi.post(`/admin/players/${playerId}/notes`, { body }),
    onSuccess: () => {
      setBody("");
      void client.invalidateQueries({ queryKey: ADMIN_KEYS.player(playerId) });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (body.trim()) add.mutate();
  };
  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <div className="flex-1">
        <AdminField label="New note" value={body} onChange={setBody} maxLength={2000} />
      </div>
      <Button type="submit" size="sm" disabled={add.isPending || !body.trim()}>
        Add
      </Button>
    </form>
  );
}

/** A manual change of one account's balance, with its reason (above the threshold a second member approves). */
function AdjustForm({ playerId, accounts }: { playerId: string; accounts: AdminPlayerPage["accounts"] }) {
  const client = useQueryClient();
  const [accountId, setAccountId] = useState(accounts[0]?.id ?? "");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const adjust = useMutation({
    mutationFn: () => adminApi.post("/admin/adjustments", { accountId, amount: amount.trim(), reason }),
    onSuccess: () => {
      setAmount("");
      setReason("");
      void client.invalidateQueries({ queryKey: ADMIN_KEYS.player(playerId) });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    adjust.mutate();
  };
  if (accounts.length === 0) return null;
  return (
    <form onSubmit={submit} className="mt-4 grid gap-3 border-t border-line pt-4" aria-label="Adjust balance">
      <div className="grid grid-cols-[auto_1fr] items-end gap-2">
        <label className="grid gap-1.5 text-sm font-semibold">
          Account
          <select
            value={accountId}
            onChange={(e) => setAccountId(e.target.value)}
            className="h-11 rounded-xl border border-line bg-bg/60 px-3 font-normal"
          >
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.currency}
              </option>
            ))}
          </select>
        </label>
        <AdminField
          label="Amount (− to debit)"
          inputMode="decimal"
          value={amount}
          onChange={setAmount}
          required
        />
      </div>
      <AdminField
        label="Reason for the adjustment"
        value={reason}
        onChange={setReason}
        required
        minLength={3}
      />
      {adjust.error && (
        <p role="alert" className="text-sm text-danger">
          {errorText(adjust.error)}
        </p>
      )}
      {adjust.data && (
        <p role="status" className="text-sm text-muted" data-testid="admin-adjust-result">
          {adjust.data.data.status === "pending"
            ? "Above what you may move alone for this player in 24 hours: waiting for a second staff member."
            : "Applied."}
        </p>
      )}
      <div>
        <Button
          type="submit"
          size="sm"
          disabled={adjust.isPending || !amount.trim() || reason.trim().length < 3}
        >
          Adjust balance
        </Button>
      </div>
    </form>
  );
}

const Row = ({ label, value }: { label: string; value: React.ReactNode }) => (
  <div className="flex justify-between gap-4 border-t border-line py-2 text-sm first:border-t-0">
    <dt className="shrink-0 text-muted">{label}</dt>
    <dd className="text-right font-medium break-all">{value ?? "—"}</dd>
  </div>
);

/** `/admin/players/{id}`: everything about one player on one page. */
export default function AdminPlayer() {
  const me = useOutletContext<StaffMe>();
  const { id = "" } = useParams();
  const page = useQuery({
    queryKey: ADMIN_KEYS.player(id),
    queryFn: async () => (await adminApi.get(`/admin/players/${id}`)).data,
  });
  if (!page.data) return <ListState loading={page.isPending} error={page.error} empty={false} emptyText="" />;
  const { player, sessions, accounts, notes, audit, documents, invoices, bets, bonuses, verification } =
    page.data;
  const matches = page.data.excludedPersonMatches;
  return (
    <div className="grid max-w-6xl gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/admin/players" className="text-sm font-semibold text-muted hover:text-fg">
          ← Players
        </Link>
        <h1 className="text-2xl font-extrabold" data-testid="admin-player-name">
          {player.nickname}
        </h1>
        <StatusBadge status={player.status} />
        <span className="text-sm text-muted">#{player.id}</span>
      </div>
      <ExcludedPersonMatches playerId={player.id} matches={matches} canClear={can(me, "players.write")} />
      <div className="grid gap-5 lg:grid-cols-2">
        <Panel title="Profile">
          <dl>
            <Row
              label="E-mail"
              value={player.email && `${player.email}${player.emailVerified ? " ✓" : ""}`}
            />
            <Row label="Phone" value={player.phone && `${player.phone}${player.phoneVerified ? " ✓" : ""}`} />
            <Row label="Telegram id" value={player.tgUserId} />
            <Row label="Name" value={[player.firstName, player.lastName].filter(Boolean).join(" ") || null} />
            <Row label="Born" value={player.birthdate} />
            <Row label="Country · currency" value={`${player.country ?? "—"} · ${player.currency ?? "—"}`} />
            <Row label="Language" value={player.language} />
            <Row label="Affiliate tag" value={player.affiliateTag} />
            <Row label="Joined" value={when(player.createdAt)} />
          </dl>
        </Panel>
        <Panel title="Accounts" testId="admin-player-accounts">
          {accounts.length === 0 ? (
            <p className="text-sm text-muted">No wallet account yet.</p>
          ) : (
            <dl>
              {accounts.map((a) => (
                <Row
                  key={a.id}
                  label={`${a.currency}${a.isCurrent ? " (current)" : ""}`}
                  value={`${a.balance}${a.bonusBalance !== "0" ? ` + ${a.bonusBalance} bonus` : ""}`}
                />
              ))}
            </dl>
          )}
          {can(me, "adjustments.create") && <AdjustForm playerId={player.id} accounts={accounts} />}
        </Panel>
        {can(me, "players.write") && (
          <Panel title="Account actions">
            <StatusAction player={player} />
          </Panel>
        )}
        <Panel title="Notes" testId="admin-player-notes">
          <div className="grid gap-3">
            {can(me, "players.note") && <NoteForm playerId={player.id} />}
            {notes.length === 0 ? (
              <p className="text-sm text-muted">No notes yet.</p>
            ) : (
              <ul className="grid gap-2">
                {notes.map((n) => (
                  <li key={n.id} className="rounded-xl bg-bg/60 p-3 text-sm">
                    <p>{n.body}</p>
                    <p className="mt-1 text-xs text-muted">
                      {n.staff} · {when(n.createdAt)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Panel>
        <Panel title="Deposits and withdrawals" testId="admin-player-invoices">
          {invoices.length === 0 ? (
            <p className="text-sm text-muted">No deposit or withdrawal yet.</p>
          ) : (
            <ul className="grid gap-1.5 text-sm">
              {invoices.map((i) => (
                <li key={i.id} className="flex justify-between gap-3">
                  <span>
                    {i.type === 1 ? "Deposit" : "Withdrawal"} #{i.number} ·{" "}
                    <span className="text-muted">{i.method}</span>
                  </span>
                  <span className="text-right tabular-nums">
                    {i.amount} {i.currency} · {INVOICE_STATUS_NAMES[i.status] ?? i.status}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Sports bets">
          {bets.length === 0 ? (
            <p className="text-sm text-muted">No sports bet yet.</p>
          ) : (
            <ul className="grid gap-1.5 text-sm">
              {bets.map((b) => (
                <li key={b.id} className="flex justify-between gap-3">
                  <span>
                    {b.type} · {b.legs.length} {b.legs.length === 1 ? "selection" : "selections"}{" "}
                    <span className="text-muted">{when(b.placedAt)}</span>
                  </span>
                  <span className="text-right tabular-nums">
                    {b.stake} {b.currency} · {b.status}
                    {b.payout ? ` · paid ${b.payout}` : ""}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Bonuses">
          {bonuses.length === 0 ? (
            <p className="text-sm text-muted">No bonus yet.</p>
          ) : (
            <ul className="grid gap-1.5 text-sm">
              {bonuses.map((b) => (
                <li key={b.id} className="flex justify-between gap-3">
                  <span className="min-w-0 truncate">{b.name}</span>
                  <span className="text-right tabular-nums">
                    {b.amount} {b.currency} · {BONUS_STATUS_NAMES[b.status] ?? b.status} · wagered {b.wagered}{" "}
                    of {b.wageringRequired}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel
          title="Documents"
          actions={
            can(me, "documents.review") ? (
              <Link to="/admin/documents" className="text-sm font-semibold text-accent hover:underline">
                Review queue
              </Link>
            ) : undefined
          }
        >
          <p className="mb-2 text-sm" data-testid="admin-player-verification">
            Identity: <span className={VERIFICATION_TONE[verification.status]}>{verification.status}</span>
            {verification.reason && <span className="text-muted"> · {verification.reason}</span>}
          </p>
          {documents.length === 0 ? (
            <p className="text-sm text-muted">No documents uploaded.</p>
          ) : (
            <ul className="grid gap-1.5 text-sm">
              {documents.map((d) => (
                <li key={d.id} className="flex justify-between gap-3">
                  <span className="min-w-0 truncate">
                    {d.type.replaceAll("_", " ")} · <span className="text-muted">{d.name}</span>
                  </span>
                  <DocumentStatus status={d.status} />
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Sessions">
          {sessions.length === 0 ? (
            <p className="text-sm text-muted">No sessions.</p>
          ) : (
            <ul className="grid gap-1.5 text-sm">
              {sessions.slice(0, 10).map((s) => (
                <li key={s.id} className="flex justify-between gap-3">
                  <span>
                    {s.device} <span className="text-muted">{s.ip ?? ""}</span>
                  </span>
                  <span className={s.live ? "text-success" : "text-muted"}>
                    {s.live ? "live" : "ended"} · {when(s.lastSeenAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Audit trail" testId="admin-player-audit">
          {audit.length === 0 ? (
            <p className="text-sm text-muted">No staff action on this player yet.</p>
          ) : (
            <ul className="grid gap-1.5 text-sm">
              {audit.map((a) => (
                <li key={a.id} className="flex justify-between gap-3">
                  <span>
                    <span className="font-semibold">{a.action}</span> by {a.staff ?? "—"}
                  </span>
                  <span className="text-muted">{when(a.createdAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </div>
  );
}
