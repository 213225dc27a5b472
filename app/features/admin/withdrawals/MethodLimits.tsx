import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "~/components/ui/Button";
import { FormField } from "~/components/ui/FormField";
import { Select } from "~/components/ui/Input";
import { adminApi } from "../api";
import { useSaveAndRefresh } from "../kit/EditableRow";
import { ErrorAlert } from "../kit/errors";
import { AdminField } from "../kit/fields";
import { ListState } from "../kit/ListState";
import { Panel } from "../kit/Panel";

const METHODS_KEY = ["admin", "payment-methods"] as const;

/** The operator's min/max of a payment method per currency, over the catalogue's. */
export function MethodLimits() {
  const methods = useQuery({ queryKey: METHODS_KEY, queryFn: () => adminApi.get("/admin/payment-methods") });
  const [code, setCode] = useState("");
  const [currency, setCurrency] = useState("");
  const [min, setMin] = useState("");
  const [max, setMax] = useState("");
  const method = methods.data?.data.find((m) => m.code === code) ?? methods.data?.data[0];
  const limit = method?.limits.find((l) => l.currency === currency) ?? method?.limits[0];
  const save = useSaveAndRefresh(
    (reset: boolean) => {
      // The form shows only once a method and one of its currencies are there.
      if (!method || !limit) throw new Error("No payment method chosen");
      return adminApi.put("/admin/payment-methods/limits", {
        method: method.code,
        currency: limit.currency,
        ...(reset ? { reset: true } : { min, max }),
      });
    },
    METHODS_KEY,
    () => {
      setMin("");
      setMax("");
    },
  );
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
            <FormField label="Method" className="min-w-0">
              {(f) => (
                <Select
                  {...f}
                  controlSize="sm"
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
                </Select>
              )}
            </FormField>
            <FormField label="Currency" className="min-w-0">
              {(f) => (
                <Select
                  {...f}
                  controlSize="sm"
                  value={limit.currency}
                  onChange={(e) => setCurrency(e.target.value)}
                >
                  {method.limits.map((l) => (
                    <option key={l.currency} value={l.currency}>
                      {l.currency}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
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
          <ErrorAlert error={save.error} className="text-xs text-danger" />
        </form>
      )}
    </Panel>
  );
}
