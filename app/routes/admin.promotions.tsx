import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { useOutletContext, useSearchParams } from "react-router";
import type { StaffMe } from "#common/api/admin";
import type {
  AdminBonusCode,
  AdminBonusOption,
  BonusCodeBatch,
  BonusCodeBulkBody,
  BonusCodeCreateBody,
} from "#common/api/admin-promotions";
import { Button } from "~/components/ui/Button";
import { Pager } from "~/components/ui/Pager";
import { adminApi, can, staffTokenNow } from "~/features/admin/api";
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

const TRIGGERS = [
  ["manual", "Typed by the player"],
  ["registration", "At sign-up"],
  ["deposit", "With the next deposit"],
] as const;
type Trigger = (typeof TRIGGERS)[number][0];

const KIND_NAMES: Record<AdminBonusOption["kind"], string> = {
  deposit: "deposit bonus",
  fixed: "fixed bonus",
  freespins: "free spins",
  cashback: "cashback",
};

/** The bonuses a code with this trigger may give: a deposit code a deposit bonus, others money or spins. */
const fits = (b: AdminBonusOption, trigger: Trigger) =>
  b.isEnabled &&
  (trigger === "deposit" ? b.kind === "deposit" : b.kind === "fixed" || b.kind === "freespins");

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="grid gap-1.5 text-sm font-semibold">
      {label}
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-11 w-full rounded-xl border border-line bg-bg/60 px-3 font-normal text-fg outline-none focus:border-accent focus:ring-2 focus:ring-accent/25"
      >
        {children}
      </select>
    </label>
  );
}

/** A datetime-local value (the staff member's own time) as an ISO instant; blank: none. */
const instant = (v: string) => (v ? new Date(v).toISOString() : null);

async function downloadBatch(batch: string) {
  const res = await fetch(`/api/admin/promotions/codes/export?batch=${encodeURIComponent(batch)}`, {
    headers: { authorization: `Bearer ${staffTokenNow() ?? ""}` },
  });
  if (!res.ok) throw new Error("Could not download the codes");
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await res.blob());
  link.download = `bonus-codes-${batch}.csv`;
  link.click();
  URL.revokeObjectURL(link.href);
}

function NewCodes({ bonuses }: { bonuses: AdminBonusOption[] }) {
  const client = useQueryClient();
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
  const create = useMutation({
    mutationFn: async (): Promise<{ one?: AdminBonusCode; batch?: BonusCodeBatch }> => {
      if (mode === "one") {
        const body: BonusCodeCreateBody = { code, ...limits() };
        return { one: (await adminApi.post("/admin/promotions/codes", body)).data };
      }
      const body: BonusCodeBulkBody = { prefix, count: Number(count), length: Number(length), ...limits() };
      return {
        batch: (await adminApi.post("/admin/promotions/codes/bulk", body)).data,
      };
    },
    onSuccess: () => {
      setCode("");
      void client.invalidateQueries({ queryKey: ["admin", "promotions", "codes"] });
    },
  });
  const download = useMutation({ mutationFn: downloadBatch });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <Panel title="New bonus code" testId="admin-new-code">
      <form onSubmit={submit} className="grid grid-cols-1 gap-4" noValidate>
        <FilterButtons
          options={[
            ["one", "One code"],
            ["batch", "Batch of random codes"],
          ]}
          value={mode}
          onChange={(m) => {
            setMode(m);
            create.reset();
            // A batch's codes are single-use unless staff say otherwise; one code has no limit by default.
            setUsageLimit(m === "batch" ? "1" : "");
          }}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Select label="Redeemed" value={trigger} onChange={(v) => setTrigger(v as Trigger)}>
            {TRIGGERS.map(([t, label]) => (
              <option key={t} value={t}>
                {label}
              </option>
            ))}
          </Select>
          <Select label="Bonus" value={chosen} onChange={setBonusId}>
            {offered.length === 0 && <option value="">No bonus fits this kind of code</option>}
            {offered.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name} ({KIND_NAMES[b.kind]})
              </option>
            ))}
          </Select>
          {mode === "one" ? (
            <AdminField
              label="Code"
              value={code}
              onChange={(v) => setCode(v.toUpperCase())}
              placeholder="SPRING25"
              maxLength={32}
              autoComplete="off"
            />
          ) : (
            <>
              <AdminField
                label="Prefix"
                value={prefix}
                onChange={(v) => setPrefix(v.toUpperCase())}
                placeholder="SPRING-"
                maxLength={16}
                autoComplete="off"
              />
              <AdminField
                label="How many codes"
                value={count}
                onChange={setCount}
                inputMode="numeric"
                type="number"
                min={1}
                max={10000}
              />
              <AdminField
                label="Random characters"
                value={length}
                onChange={setLength}
                inputMode="numeric"
                type="number"
                min={6}
                max={16}
              />
            </>
          )}
          <AdminField
            label={mode === "one" ? "Uses in total (blank: no limit)" : "Uses of each code (blank: no limit)"}
            value={usageLimit}
            onChange={setUsageLimit}
            inputMode="numeric"
            type="number"
            min={1}
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
          {create.error && (
            <p role="alert" className="text-sm text-danger">
              {errorText(create.error)}
            </p>
          )}
          {create.data?.one && (
            <p role="status" className="text-sm text-success" data-testid="admin-code-created">
              Code {create.data.one.code} created.
            </p>
          )}
          {create.data?.batch && (
            <p role="status" className="flex flex-wrap items-center gap-2 text-sm text-success">
              <span data-testid="admin-batch-created">{create.data.batch.count} codes generated.</span>
              <Button
                size="sm"
                variant="secondary"
                disabled={download.isPending}
                onClick={() => download.mutate(create.data.batch!.batch)}
              >
                Download CSV
              </Button>
            </p>
          )}
          {download.error && (
            <p role="alert" className="text-sm text-danger">
              {errorText(download.error, "Could not download the codes")}
            </p>
          )}
        </div>
      </form>
    </Panel>
  );
}

function Toggle({ code }: { code: AdminBonusCode }) {
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: () => adminApi.patch(`/admin/promotions/codes/${code.id}`, { isEnabled: !code.isEnabled }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ["admin", "promotions", "codes"] }),
  });
  return (
    <div className="grid justify-items-start gap-1">
      <Button size="sm" variant="ghost" disabled={change.isPending} onClick={() => change.mutate()}>
        {code.isEnabled ? "Switch off" : "Switch on"}
      </Button>
      {change.error && (
        <p role="alert" className="text-xs text-danger">
          {errorText(change.error)}
        </p>
      )}
    </div>
  );
}

const STATUS = [
  ["all", "All"],
  ["enabled", "On"],
  ["disabled", "Off"],
] as const;

function window_(c: AdminBonusCode) {
  if (!c.validFrom && !c.validTo) return "Always";
  return `${c.validFrom ? when(c.validFrom) : "now"} – ${c.validTo ? when(c.validTo) : "no end"}`;
}

/** `/admin/promotions` (issue #21, decision 0024): bonus codes, one typed or a batch, their use, on and off. */
export default function AdminPromotions() {
  const me = useOutletContext<StaffMe>();
  const writes = can(me, "promotions.write");
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const [typed, setTyped] = useState(q);
  const status = (params.get("status") ?? "all") as (typeof STATUS)[number][0];
  const page = Number(params.get("page") ?? 1) || 1;
  const bonuses = useQuery({
    queryKey: ["admin", "promotions", "bonuses"],
    queryFn: async () => (await adminApi.get("/admin/promotions/bonuses")).data,
  });
  const list = useQuery({
    queryKey: ["admin", "promotions", "codes", q, status, page],
    queryFn: () =>
      adminApi.get("/admin/promotions/codes", {
        ...(q ? { q } : {}),
        ...(status !== "all" ? { status } : {}),
        page,
        perPage: 50,
      }),
  });
  const set = (next: Record<string, string>) => setParams({ ...(q ? { q } : {}), status, ...next });
  return (
    <div className="grid max-w-6xl grid-cols-1 gap-5">
      <h1 className="text-2xl font-extrabold">Promotions</h1>
      {writes &&
        (bonuses.data ? (
          <NewCodes bonuses={bonuses.data} />
        ) : (
          <ListState loading={bonuses.isPending} error={bonuses.error} empty={false} emptyText="" />
        ))}
      <Panel title="Bonus codes">
        <div className="mb-4 grid gap-3 sm:flex sm:items-end sm:justify-between">
          <form
            className="flex items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              setParams({ ...(typed.trim() ? { q: typed.trim() } : {}), status });
            }}
          >
            <div className="min-w-0 flex-1 sm:w-72">
              <AdminField label="Code or batch" value={typed} onChange={setTyped} placeholder="SPRING" />
            </div>
            <Button type="submit" variant="secondary">
              Search
            </Button>
          </form>
          <FilterButtons options={STATUS} value={status} onChange={(s) => set({ status: s })} />
        </div>
        <ListState
          loading={list.isPending}
          error={list.error}
          empty={list.data?.data.length === 0}
          emptyText="No bonus code here."
        />
        {list.data && list.data.data.length > 0 && (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="admin-codes">
              <thead className="text-xs text-muted uppercase">
                <tr>
                  <th className="py-2 pr-4">Code</th>
                  <th className="py-2 pr-4">Bonus</th>
                  <th className="py-2 pr-4">Used</th>
                  <th className="py-2 pr-4">Valid</th>
                  <th className="py-2 pr-4">Status</th>
                  {writes && <th className="py-2" />}
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((c) => (
                  <tr key={c.id} className="border-t border-line align-top" data-testid="admin-code">
                    <td className="py-3 pr-4">
                      <span className="font-mono font-semibold whitespace-nowrap">{c.code}</span>
                      <span className="block text-xs text-muted">
                        {TRIGGERS.find(([t]) => t === c.trigger)?.[1]}
                      </span>
                      {c.batch && (
                        <button
                          type="button"
                          className="block text-xs text-accent hover:underline"
                          onClick={() => {
                            setTyped(c.batch!);
                            setParams({ q: c.batch!, status });
                          }}
                        >
                          Batch
                        </button>
                      )}
                    </td>
                    <td className="py-3 pr-4">{c.bonus.name}</td>
                    <td className="py-3 pr-4 tabular-nums whitespace-nowrap" data-testid="admin-code-used">
                      {c.usedCount} / {c.usageLimit ?? "∞"}
                    </td>
                    <td className="py-3 pr-4 text-xs">{window_(c)}</td>
                    <td className="py-3 pr-4">
                      <StatusBadge
                        status={c.isEnabled ? "active" : "closed"}
                        label={c.isEnabled ? "on" : "off"}
                      />
                    </td>
                    {writes && (
                      <td className="py-3">
                        <Toggle code={c} />
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {q && list.data?.data[0]?.batch === q && (
          <div className="mt-3">
            <Button size="sm" variant="secondary" onClick={() => void downloadBatch(q)}>
              Download this batch as CSV
            </Button>
          </div>
        )}
        <div className="mt-3">
          <Pager meta={list.data?.meta} label={pageLabel} />
        </div>
      </Panel>
    </div>
  );
}
