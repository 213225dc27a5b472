import { type FormEvent, useState } from "react";
import type { AdminBonusOption, BonusCodeBulkBody, BonusCodeCreateBody } from "#common/api/admin-promotions";
import { Button } from "~/components/ui/Button";
import { adminApi } from "../api";
import { useSaveAndRefresh } from "../kit/EditableRow";
import { AdminField } from "../kit/fields";
import { FilterButtons } from "../kit/filters";
import { Panel } from "../kit/Panel";
import { BatchFields, PromoCodeField } from "./BatchFields";
import { BonusChoice } from "./BonusChoice";
import { CodeOutcome, type CreatedCodes } from "./CodeOutcome";
import { CODES_KEY, fits, instant, type Trigger } from "./codes";

const MODES = [
  ["one", "One code"],
  ["batch", "Batch of random codes"],
] as const;

/** A new bonus code typed by staff, or a batch of random ones, with its bonus, uses and window. */
export function NewCodeForm({ bonuses }: { bonuses: AdminBonusOption[] }) {
  const [mode, setMode] = useState<"one" | "batch">("one");
  const [trigger, setTrigger] = useState<Trigger>("manual");
  const [bonusId, setBonusId] = useState("");
  const [code, setCode] = useState("");
  const [prefix, setPrefix] = useState("");
  const [count, setCount] = useState("100");
  const [length, setLength] = useState("8");
  const [usageLimit, setUsageLimit] = useState("");
  const [validFrom, setValidFrom] = useState("");
  const [validTo, setValidTo] = useState("");
  const offered = bonuses.filter((b) => fits(b, trigger));
  const chosen = offered.some((b) => b.id === bonusId) ? bonusId : (offered[0]?.id ?? "");
  const limits = () => ({
    bonusId: chosen,
    trigger,
    usageLimit: usageLimit.trim() === "" ? null : Number(usageLimit),
    validFrom: instant(validFrom),
    validTo: instant(validTo),
  });
  const create = useSaveAndRefresh(
    async (): Promise<CreatedCodes> => {
      if (mode === "one") {
        const body: BonusCodeCreateBody = { code, ...limits() };
        return { one: (await adminApi.post("/admin/promotions/codes", body)).data };
      }
      const body: BonusCodeBulkBody = { prefix, count: Number(count), length: Number(length), ...limits() };
      return {
        batch: (await adminApi.post("/admin/promotions/codes/bulk", body)).data,
      };
    },
    CODES_KEY,
    () => setCode(""),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <Panel title="New bonus code" testId="admin-new-code">
      <form onSubmit={submit} className="grid grid-cols-1 gap-4" noValidate>
        <FilterButtons
          options={MODES}
          value={mode}
          onChange={(m) => {
            setMode(m);
            create.reset();
            // A batch's codes are single-use unless staff say otherwise; one code has no limit by default.
            setUsageLimit(m === "batch" ? "1" : "");
          }}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <BonusChoice
            trigger={trigger}
            onTrigger={setTrigger}
            offered={offered}
            chosen={chosen}
            onChoose={setBonusId}
          />
          {mode === "one" ? (
            <PromoCodeField
              label="Code"
              value={code}
              onChange={setCode}
              placeholder="SPRING25"
              maxLength={32}
            />
          ) : (
            <BatchFields
              {...{ prefix, count, length }}
              onPrefix={setPrefix}
              onCount={setCount}
              onLength={setLength}
            />
          )}
          <AdminField
            label={mode === "one" ? "Uses in total (blank: no limit)" : "Uses of each code (blank: no limit)"}
            value={usageLimit}
            onChange={setUsageLimit}
            whole={[1]}
          />
          <AdminField
            label="Valid from (your time; blank: now)"
            value={validFrom}
            onChange={setValidFrom}
            type="datetime-local"
          />
          <AdminField
            label="Valid until (blank: no end)"
            value={validTo}
            onChange={setValidTo}
            type="datetime-local"
          />
        </div>
        <p className="text-xs text-muted">Each player redeems a code once.</p>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={create.isPending || !chosen}>
            {mode === "one" ? "Create code" : "Generate codes"}
          </Button>
          <CodeOutcome create={create} />
        </div>
      </form>
    </Panel>
  );
}
