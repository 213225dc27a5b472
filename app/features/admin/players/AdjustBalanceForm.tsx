import { type FormEvent, useState } from "react";
import type { AdminPlayerPage } from "#common/api/admin-player";
import { Button } from "~/components/ui/Button";
import { FormField } from "~/components/ui/FormField";
import { Select } from "~/components/ui/Input";
import { ADMIN_KEYS, adminApi } from "../api";
import { useSaveAndRefresh } from "../kit/EditableRow";
import { ErrorAlert } from "../kit/errors";
import { AdminField } from "../kit/fields";

/** A manual change of one account's balance, with its reason (above the threshold a second member approves). */
export function AdjustBalanceForm({
  playerId,
  accounts,
}: {
  playerId: string;
  accounts: AdminPlayerPage["accounts"];
}) {
  const [accountId, setAccountId] = useState(accounts[0]?.id ?? "");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const adjust = useSaveAndRefresh(
    () => adminApi.post("/admin/adjustments", { accountId, amount: amount.trim(), reason }),
    ADMIN_KEYS.player(playerId),
    () => {
      setAmount("");
      setReason("");
    },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    adjust.mutate();
  };
  if (accounts.length === 0) return null;
  return (
    <form onSubmit={submit} className="mt-4 grid gap-3 border-t border-line pt-4" aria-label="Adjust balance">
      <div className="grid grid-cols-[auto_1fr] items-end gap-2">
        <FormField label="Account">
          {(f) => (
            <Select {...f} controlSize="sm" value={accountId} onChange={(e) => setAccountId(e.target.value)}>
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.currency}
                </option>
              ))}
            </Select>
          )}
        </FormField>
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
      <ErrorAlert error={adjust.error} />
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
