import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useOutletContext, useSearchParams } from "react-router";
import type { StaffMe } from "#common/api/admin";
import type { ReviewedWithdrawal, WithdrawalFlag } from "#common/api/admin-payments";
import { Button } from "~/components/ui/Button";
import { Pager } from "~/components/ui/Pager";
import { adminApi, can } from "~/features/admin/api";
import {
  AdminField,
  errorText,
  FilterButtons,
  ListState,
  Panel,
  pageLabel,
  StatusBadge,
  when,
} from "~/features/admin/ui";

const REVIEWS = ["awaiting", "approved", "rejected"] as const;
type Review = (typeof REVIEWS)[number];

const FLAG_LABELS: Record<WithdrawalFlag["code"], string> = {
  identity_not_verified: "Identity not verified",
  active_bonus: "Active bonus",
  deposits_not_wagered: "Deposit not wagered",
  new_payment_details: "New payment details",
  shared_device: "Shared device",
  shared_address: "Shared address",
};

const INVOICE_STATUS_NAMES: Record<number, [string, string]> = {
  1: ["pending", "with the processor"],
  2: ["applied", "paid"],
  3: ["rejected", "failed"],
};

function Flags({ flags }: { flags: WithdrawalFlag[] }) {
  if (!flags.length)
    return (
      <p className="text-xs font-semibold text-success" data-testid="withdrawal-flags">
        No risk flags
      </p>
    );
  return (
    <ul className="flex flex-wrap gap-1.5" data-testid="withdrawal-flags">
      {flags.map((f) => (
        <li
          key={f.code}
          title={f.detail}
          data-flag={f.code}
          className="rounded-full bg-danger/15 px-2.5 py-0.5 text-xs font-bold text-danger"
        >
          {FLAG_LABELS[f.code]}
        </li>
      ))}
    </ul>
  );
}

function Decide({ w }: { w: ReviewedWithdrawal }) {
  const client = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const decide = useMutation({
    mutationFn: (d: "approve" | "reject") =>
      adminApi.post(`/admin/withdrawals/${w.id}/${d}`, d === "reject" ? { reason } : {}),
    onSettled: () => void client.invalidateQueries({ queryKey: ["admin", "withdrawals"] }),
  });
  if (w.review !== "awaiting") return null;
  return (
    <div className="grid gap-2">
      {w.flags.length > 0 && !rejecting && (
        <p className="text-xs text-muted">
          Approving sends it to the processor despite {w.flags.length} flag{w.flags.length > 1 ? "s" : ""}.
        </p>
      )}
      {rejecting ? (
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            decide.mutate("reject");
          }}
        >
          <AdminField
            label="Reason (the player reads it)"
            value={reason}
            onChange={setReason}
            minLength={3}
            maxLength={500}
            required
            data-testid="reject-reason"
          />
          <div className="flex flex-wrap gap-1.5">
            <Button size="sm" type="submit" disabled={decide.isPending || reason.trim().length < 3}>
              Reject and refund
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setRejecting(false)}>
              Back
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-1.5">
          <Button
            size="sm"
            disabled={decide.isPending}
            onClick={() => decide.mutate("approve")}
            data-testid="approve-withdrawal"
          >
            Approve
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={decide.isPending}
            onClick={() => setRejecting(true)}
            data-testid="reject-withdrawal"
          >
            Reject
          </Button>
        </div>
      )}
      {decide.error && (
        <p role="alert" className="text-xs text-danger">
          {errorText(decide.error)}
        </p>
      )}
    </div>
  );
}

function WithdrawalCard({ w }: { w: ReviewedWithdrawal }) {
  const [tone, label] = INVOICE_STATUS_NAMES[w.status] ?? ["pending", String(w.status)];
  const payee = Object.entries(w.customerFields);
  return (
    <li
      className="grid gap-3 rounded-2xl border border-line bg-surface p-4 md:grid-cols-[minmax(0,1.1fr)_minmax(0,1.4fr)_minmax(0,1fr)]"
      data-testid="withdrawal-row"
      data-id={w.id}
    >
      <div className="min-w-0">
        <p className="text-lg font-extrabold tabular-nums">
          {w.amount} {w.currency}
        </p>
        <p className="truncate text-sm text-muted">{w.method}</p>
        <p className="mt-1 text-xs text-muted">Asked {when(w.createdAt)}</p>
        <Link
          to={`/admin/players/${w.playerId}`}
          className="mt-1 block truncate text-sm font-semibold text-accent hover:underline"
        >
          #{w.playerId} {w.playerEmail ?? ""}
        </Link>
      </div>
      <div className="grid min-w-0 content-start gap-2">
        <Flags flags={w.flags} />
        {payee.length > 0 && (
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-xs">
            {payee.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-muted">{k}</dt>
                <dd className="truncate">{v}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <div className="grid min-w-0 content-start gap-2">
        {w.review === "awaiting" ? (
          <Decide w={w} />
        ) : (
          <div className="grid gap-1 text-sm">
            <div className="flex flex-wrap gap-1.5">
              <StatusBadge status={w.review === "approved" ? "applied" : "rejected"} label={w.review} />
              <StatusBadge status={tone} label={label} />
            </div>
            {w.reviewedAt && <p className="text-xs text-muted">{when(w.reviewedAt)}</p>}
            {(w.reviewReason ?? w.failureReason) && (
              <p className="text-xs text-muted">{w.reviewReason ?? w.failureReason}</p>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

/** The operator's min/max of a payment method per currency, over the catalogue's. */
function MethodLimits() {
  const client = useQueryClient();
  const methods = useQuery({
    queryKey: ["admin", "payment-methods"],
    queryFn: () => adminApi.get("/admin/payment-methods"),
  });
  const [code, setCode] = useState("");
  const [currency, setCurrency] = useState("");
  const [min, setMin] = useState("");
  const [max, setMax] = useState("");
  const method = methods.data?.data.find((m) => m.code === code) ?? methods.data?.data[0];
  const limit = method?.limits.find((l) => l.currency === currency) ?? method?.limits[0];
  const save = useMutation({
    mutationFn: (reset: boolean) => {
      // The form shows only once a method and one of its currencies are there.
      if (!method || !limit) throw new Error("No payment method chosen");
      return adminApi.put("/admin/payment-methods/limits", {
        method: method.code,
        currency: limit.currency,
        ...(reset ? { reset: true } : { min, max }),
      });
    },
    onSuccess: () => {
      setMin("");
      setMax("");
      void client.invalidateQueries({ queryKey: ["admin", "payment-methods"] });
    },
  });
  const select =
    "h-11 w-full min-w-0 rounded-xl border border-line bg-bg/60 px-3 text-sm text-fg outline-none focus:border-accent";
  return (
    <Panel title="Limits per method" testId="method-limits">
      <ListState
        loading={methods.isPending}
        error={methods.error}
        empty={methods.data?.data.length === 0}
        emptyText="No payment method."
      />
      {method && limit && (
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(false);
          }}
        >
          <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <label className="grid gap-1.5 text-sm font-semibold">
              Method
              <select
                className={select}
                value={method.code}
                onChange={(e) => {
                  setCode(e.target.value);
                  setCurrency("");
                }}
              >
                {methods.data?.data.map((m) => (
                  <option key={m.code} value={m.code}>
                    {m.label} — {m.direction} ({m.code})
                  </option>
                ))}
              </select>
            </label>
            <label className="grid gap-1.5 text-sm font-semibold">
              Currency
              <select className={select} value={limit.currency} onChange={(e) => setCurrency(e.target.value)}>
                {method.limits.map((l) => (
                  <option key={l.currency} value={l.currency}>
                    {l.currency}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <p className="text-sm" data-testid="method-limit-now">
            Now {limit.min} – {limit.max} {limit.currency}{" "}
            <span className="text-muted">
              {limit.custom
                ? `(set by staff; catalogue ${limit.catalogueMin ?? "–"} – ${limit.catalogueMax ?? "–"})`
                : "(catalogue)"}
            </span>
          </p>
          <div className="grid grid-cols-2 gap-3">
            <AdminField label="Minimum" value={min} onChange={setMin} inputMode="decimal" required />
            <AdminField label="Maximum" value={max} onChange={setMax} inputMode="decimal" required />
          </div>
          <div className="flex flex-wrap gap-1.5">
            <Button size="sm" type="submit" disabled={save.isPending}>
              Save limits
            </Button>
            {limit.custom && (
              <Button size="sm" variant="ghost" disabled={save.isPending} onClick={() => save.mutate(true)}>
                Back to the catalogue's
              </Button>
            )}
          </div>
          {save.error && (
            <p role="alert" className="text-xs text-danger">
              {errorText(save.error)}
            </p>
          )}
        </form>
      )}
    </Panel>
  );
}

/** `/admin/withdrawals`: withdrawals waiting for review (oldest first) with their risk flags; method limits. */
export default function AdminWithdrawals() {
  const me = useOutletContext<StaffMe>();
  const [params, setParams] = useSearchParams();
  const review = (REVIEWS as readonly string[]).includes(params.get("review") ?? "")
    ? (params.get("review") as Review)
    : "awaiting";
  const page = Number(params.get("page") ?? 1) || 1;
  const list = useQuery({
    queryKey: ["admin", "withdrawals", review, page],
    queryFn: () =>
      adminApi.get("/admin/withdrawals", {
        review,
        page,
        perPage: 20,
      }),
    refetchInterval: review === "awaiting" ? 30_000 : false,
  });
  return (
    <div className="grid max-w-6xl gap-5">
      <h1 className="text-2xl font-extrabold">Withdrawals</h1>
      {can(me, "withdrawals.review") && (
        <>
          <FilterButtons
            options={REVIEWS.map((s) => [s, s] as const)}
            value={review}
            onChange={(s) => setParams({ review: s })}
          />
          <ListState
            loading={list.isPending}
            error={list.error}
            empty={list.data?.data.length === 0}
            emptyText={review === "awaiting" ? "Nothing waiting for review." : `No ${review} withdrawal.`}
          />
          {list.data && list.data.data.length > 0 && (
            <ul className="grid gap-3" data-testid="admin-withdrawals">
              {list.data.data.map((w) => (
                <WithdrawalCard key={w.id} w={w} />
              ))}
            </ul>
          )}
          <Pager meta={list.data?.meta} label={pageLabel} />
        </>
      )}
      {can(me, "payments.methods") && <MethodLimits />}
    </div>
  );
}
