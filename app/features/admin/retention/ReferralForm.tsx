import { useState } from "react";
import type { AdminReferralRules } from "#common/api/admin-retention";
import { Button } from "~/components/ui/Button";
import { adminApi } from "../api";
import { useSaveAndRefresh } from "../kit/EditableRow";
import { AdminField, submitWith } from "../kit/fields";
import { RETENTION_KEY } from "./queries";
import { RetentionProblem } from "./RetentionProblem";

type Row = { currency: string; reward: string; minDeposit: string };

/** The referrer's reward per currency on a referred player's first deposit, and the revenue share. */
export function ReferralForm({ rules, editable }: { rules: AdminReferralRules; editable: boolean }) {
  const [rows, setRows] = useState<Row[]>(
    rules.firstDeposit.map((r) => ({
      currency: r.currency,
      reward: r.reward,
      minDeposit: r.minDeposit ?? "",
    })),
  );
  const [percent, setPercent] = useState(rules.revenueSharePercent);
  const save = useSaveAndRefresh(
    () =>
      adminApi.put("/admin/retention/referral", {
        firstDeposit: rows.map((r) => ({
          currency: r.currency,
          reward: r.reward,
          minDeposit: r.minDeposit.trim() === "" ? null : r.minDeposit,
        })),
        revenueSharePercent: percent,
      }),
    RETENTION_KEY,
  );
  const change = (i: number, patch: Partial<Row>) =>
    setRows(rows.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  return (
    <form className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4" onSubmit={submitWith(() => save.mutate())}>
      <fieldset disabled={!editable} className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
        <h3 className="text-sm font-bold">Referrer's reward on a referred player's first deposit</h3>
        {rows.length === 0 && <p className="text-sm text-muted">No first-deposit reward in any currency.</p>}
        {rows.map((r, i) => (
          <div
            key={i}
            className="grid min-w-0 grid-cols-[minmax(0,1fr)] items-end gap-3 sm:grid-cols-[8rem_minmax(0,1fr)_minmax(0,1fr)_auto]"
          >
            <AdminField
              label="Currency"
              value={r.currency}
              onChange={(currency) => change(i, { currency })}
            />
            <AdminField
              label="Reward"
              inputMode="decimal"
              value={r.reward}
              onChange={(reward) => change(i, { reward })}
            />
            <AdminField
              label="Least first deposit (empty: any)"
              inputMode="decimal"
              value={r.minDeposit}
              onChange={(minDeposit) => change(i, { minDeposit })}
            />
            <Button size="sm" variant="ghost" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
              Remove
            </Button>
          </div>
        ))}
        <div>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setRows([...rows, { currency: "", reward: "", minDeposit: "" }])}
          >
            Add currency
          </Button>
        </div>
        <div className="max-w-xs">
          <AdminField
            label="Revenue share (% of net gaming revenue, per day)"
            inputMode="decimal"
            value={percent}
            onChange={setPercent}
          />
        </div>
      </fieldset>
      {editable && (
        <div>
          <Button type="submit" disabled={save.isPending}>
            Save rules
          </Button>
        </div>
      )}
      {save.isSuccess && !save.isPending && <p className="text-xs text-success">Saved.</p>}
      <RetentionProblem error={save.error} />
    </form>
  );
}
