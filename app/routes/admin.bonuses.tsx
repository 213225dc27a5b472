import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { useOutletContext } from "react-router";
import type { StaffMe } from "#common/api/admin";
import type {
  AdminBonus,
  AdminBonusChangeBody,
  AdminBonusCreateBody,
  BonusKind,
} from "#common/api/admin-bonuses";
import { Button } from "~/components/ui/Button";
import { adminApi, can } from "~/features/admin/api";
import { errorText, FilterButtons, ListState, Panel, StatusBadge } from "~/features/admin/ui";
import { ApiRequestError } from "~/lib/api";

type Meta = { placeholders: Record<string, string>; currencies: string[]; baseCurrency: string };
type Items = { currency: string; amount: string }[];

const KINDS: readonly (readonly [BonusKind | "all", string])[] = [
  ["all", "All"],
  ["deposit", "Deposit"],
  ["fixed", "Fixed"],
  ["freespins", "Free spins"],
  ["cashback", "Cashback"],
];
const KIND_NAME: Record<BonusKind, string> = {
  deposit: "deposit bonus",
  fixed: "fixed bonus",
  freespins: "free-spin package",
  cashback: "cashback rule",
};
const LOCALES = [
  ["ru", "Russian"],
  ["pt-br", "Portuguese (Brazil)"],
] as const;

/** "USD 200, EUR 180" ↔ per-currency amounts: one line per list keeps the form short at 390 px. */
const itemsText = (items: Items) => items.map((i) => `${i.currency} ${i.amount}`).join(", ");
function parseItems(text: string): Items | string {
  const out: Items = [];
  for (const part of text
    .split(/[,;\n]/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^([A-Za-z0-9]{2,10})\s+(\S+)$/.exec(part);
    if (!m) return `"${part}": write a currency and an amount, e.g. USD 200`;
    out.push({ currency: m[1]!.toUpperCase(), amount: m[2]!.replace(",", ".") });
  }
  return out;
}

/** The form's state: every field as the text its input shows. */
type Form = Record<string, string> & { isEnabled: string };

function formOf(b: AdminBonus): Form {
  return {
    isEnabled: b.isEnabled ? "on" : "",
    name: b.name,
    description: b.description,
    ...Object.fromEntries(
      LOCALES.flatMap(([l]) => [
        [`${l}.name`, b.translations[l]?.name ?? ""],
        [`${l}.description`, b.translations[l]?.description ?? ""],
      ]),
    ),
    packageStep: b.packageStep === null ? "" : String(b.packageStep),
    minDeposit: b.triggerConditions.invoiceAmountItems.map((i) => `${i.currency} ${i.amountFrom}`).join(", "),
    baseMinDeposit: b.triggerConditions.baseCurrencyInvoiceAmountFrom ?? "",
    matchPercent: String(b.matchPercent),
    maxAmountItems: itemsText(b.maxAmountItems),
    baseCurrencyMaxAmount: b.baseCurrencyMaxAmount ?? "",
    wageringMultiplier: b.wageringMultiplier,
    slots: String(b.contribution.slots),
    tables: String(b.contribution.tables),
    live: String(b.contribution.live),
    sportsbook: String(b.contribution.sportsbook),
    sportsbookMinOdds: b.contribution.sportsbookMinOdds,
    maxBetItems: itemsText(b.maxBetItems),
    maxConversionMultiplier: b.maxConversionMultiplier ?? "",
    activationDays: String(b.activationDays),
    wageringDays: String(b.wageringDays),
    cashbackPercent: b.cashbackPercent === null ? "" : String(b.cashbackPercent),
    cashbackPeriodHours: b.cashbackPeriodHours === null ? "" : String(b.cashbackPeriodHours),
    cashbackMinItems: itemsText(b.cashbackMinItems),
    freespinGameSlug: b.freespinGameSlug ?? "",
    freespinCount: b.freespinCount === null ? "" : String(b.freespinCount),
    freespinBetItems: itemsText(b.freespinBetItems),
    sortOrder: String(b.sortOrder),
  };
}

const BLANK: AdminBonus = {
  id: "",
  kind: "deposit",
  pageIdentity: "",
  isEnabled: false,
  sortOrder: 100,
  name: "",
  description: "",
  translations: {},
  packageStep: null,
  triggerConditions: { invoiceAmountItems: [], baseCurrencyInvoiceAmountFrom: null },
  matchPercent: 0,
  maxAmountItems: [],
  baseCurrencyMaxAmount: null,
  wageringMultiplier: "30",
  contribution: { slots: 100, tables: 10, live: 10, sportsbook: 100, sportsbookMinOdds: "1.5" },
  maxBetItems: [],
  maxConversionMultiplier: null,
  activationDays: 7,
  wageringDays: 30,
  cashbackPercent: null,
  cashbackPeriodHours: null,
  cashbackMinItems: [],
  freespinGameSlug: null,
  freespinCount: null,
  freespinBetItems: [],
  preview: { name: "", description: "" },
  issued: 0,
};

/** The form as the API's terms; a list that does not parse is named in `problems`. */
function termsOf(f: Form, problems: Record<string, string>) {
  const list = (field: string, text: string) => {
    const r = parseItems(text);
    if (typeof r === "string") {
      problems[field] = r;
      return [];
    }
    return r;
  };
  const int = (v: string) => (v.trim() === "" ? null : Number(v));
  const text = (v: string) => (v.trim() === "" ? null : v.trim());
  const translations: Record<string, { name: string; description: string }> = {};
  for (const [l] of LOCALES)
    if (f[`${l}.name`]!.trim() || f[`${l}.description`]!.trim())
      translations[l] = { name: f[`${l}.name`]!, description: f[`${l}.description`]! };
  return {
    isEnabled: f.isEnabled === "on",
    name: f.name!,
    description: f.description!,
    translations,
    packageStep: int(f.packageStep!),
    triggerConditions: {
      invoiceAmountItems: list("triggerConditions.invoiceAmountItems", f.minDeposit!).map((i) => ({
        currency: i.currency,
        amountFrom: i.amount,
      })),
      baseCurrencyInvoiceAmountFrom: text(f.baseMinDeposit!),
    },
    matchPercent: int(f.matchPercent!) ?? 0,
    maxAmountItems: list("maxAmountItems", f.maxAmountItems!),
    baseCurrencyMaxAmount: text(f.baseCurrencyMaxAmount!),
    wageringMultiplier: f.wageringMultiplier!.trim(),
    contribution: {
      slots: int(f.slots!) ?? 0,
      tables: int(f.tables!) ?? 0,
      live: int(f.live!) ?? 0,
      sportsbook: int(f.sportsbook!) ?? 0,
      sportsbookMinOdds: f.sportsbookMinOdds!.trim(),
    },
    maxBetItems: list("maxBetItems", f.maxBetItems!),
    maxConversionMultiplier: text(f.maxConversionMultiplier!),
    activationDays: int(f.activationDays!) ?? 0,
    wageringDays: int(f.wageringDays!) ?? 0,
    cashbackPercent: int(f.cashbackPercent!),
    cashbackPeriodHours: int(f.cashbackPeriodHours!),
    cashbackMinItems: list("cashbackMinItems", f.cashbackMinItems!),
    freespinGameSlug: text(f.freespinGameSlug!),
    freespinCount: int(f.freespinCount!),
    freespinBetItems: list("freespinBetItems", f.freespinBetItems!),
    sortOrder: int(f.sortOrder!) ?? 0,
  };
}

/** Which API fields a form field feeds: the server's error names them. */
const FIELD_OF: Record<string, string[]> = {
  minDeposit: ["triggerConditions.invoiceAmountItems", "triggerConditions"],
  baseMinDeposit: ["triggerConditions.baseCurrencyInvoiceAmountFrom"],
  slots: ["contribution.slots"],
  tables: ["contribution.tables"],
  live: ["contribution.live"],
  sportsbook: ["contribution.sportsbook"],
  sportsbookMinOdds: ["contribution.sportsbookMinOdds"],
  "ru.name": ["translations.ru.name"],
  "ru.description": ["translations.ru.description"],
  "pt-br.name": ["translations.pt-br.name"],
  "pt-br.description": ["translations.pt-br.description"],
};
function errorFor(field: string, errors: Record<string, string[]>): string | undefined {
  const names = FIELD_OF[field] ?? [field];
  const hits = Object.entries(errors).filter(([k]) => names.some((n) => k === n || k.startsWith(`${n}.`)));
  return hits.length ? hits.flatMap(([, v]) => v).join("; ") : undefined;
}

function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="grid content-start gap-1.5 text-sm">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {children(id)}
      {hint && <span className="text-xs text-muted">{hint}</span>}
      {error && (
        <span role="alert" className="text-xs text-danger">
          {error}
        </span>
      )}
    </div>
  );
}

const inputClass =
  "w-full rounded-xl border border-line bg-bg/60 px-3.5 font-normal text-fg outline-none transition focus:border-accent focus:ring-2 focus:ring-accent/25";

function Editor({
  bonus,
  meta,
  creating,
  onClose,
}: {
  bonus: AdminBonus;
  meta: Meta;
  creating: boolean;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const [kind, setKind] = useState<BonusKind>(bonus.kind);
  const [pageIdentity, setPageIdentity] = useState(bonus.pageIdentity);
  const [form, setForm] = useState<Form>(() => formOf(bonus));
  const [local, setLocal] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<AdminBonus | undefined>();
  const set = (k: string) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const save = useMutation({
    mutationFn: async () => {
      const problems: Record<string, string> = {};
      const terms = termsOf(form, problems);
      setLocal(problems);
      if (Object.keys(problems).length) throw new Error("Some fields are not valid");
      if (creating) {
        const body: AdminBonusCreateBody = { kind, pageIdentity, ...terms };
        return (await adminApi.post("/admin/bonuses", body)).data;
      }
      // Only what changed: the audit record then says what this edit was.
      const original = termsOf(formOf(bonus), {});
      const changed = Object.fromEntries(
        Object.entries(terms).filter(
          ([k, v]) => JSON.stringify(v) !== JSON.stringify(original[k as keyof typeof original]),
        ),
      ) as AdminBonusChangeBody;
      if (Object.keys(changed).length === 0) return bonus;
      return (await adminApi.patch(`/admin/bonuses/${bonus.id}`, changed)).data;
    },
    onSuccess: (b) => {
      setSaved(b);
      void client.invalidateQueries({ queryKey: ["admin", "bonuses"] });
      if (creating) onClose();
    },
  });
  const serverErrors = save.error instanceof ApiRequestError ? save.error.body.errors : {};
  const err = (field: string) => local[field] ?? errorFor(field, serverErrors);
  const input = (field: string, label: string, hint?: string, extra: Record<string, string> = {}) => (
    <Field label={label} hint={hint} error={err(field)}>
      {(id) => (
        <input
          id={id}
          value={form[field] ?? ""}
          onChange={(e) => set(field)(e.target.value)}
          className={`h-11 ${inputClass}`}
          {...extra}
        />
      )}
    </Field>
  );
  const area = (field: string, label: string) => (
    <Field label={label} error={err(field)}>
      {(id) => (
        <textarea
          id={id}
          value={form[field] ?? ""}
          onChange={(e) => set(field)(e.target.value)}
          rows={3}
          className={`py-2.5 ${inputClass}`}
        />
      )}
    </Field>
  );
  const perCurrency = `Per currency, e.g. ${meta.baseCurrency} 200, EUR 180`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const shown = saved ?? bonus;
  return (
    <Panel
      title={creating ? "New bonus" : `Edit: ${(saved ?? bonus).preview.name}`}
      testId="admin-bonus-editor"
      actions={
        <Button size="sm" variant="ghost" onClick={onClose}>
          Close
        </Button>
      }
    >
      <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-5">
        {creating ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Kind">
              {(id) => (
                <select
                  id={id}
                  value={kind}
                  onChange={(e) => setKind(e.target.value as BonusKind)}
                  className={`h-11 ${inputClass}`}
                >
                  {KINDS.filter(([k]) => k !== "all").map(([k, l]) => (
                    <option key={k} value={k}>
                      {l}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field
              label="Page address"
              hint="/bonus/… — lower-case letters, digits, dashes; it never changes"
              error={errorFor("pageIdentity", serverErrors)}
            >
              {(id) => (
                <input
                  id={id}
                  value={pageIdentity}
                  onChange={(e) => setPageIdentity(e.target.value)}
                  className={`h-11 ${inputClass}`}
                />
              )}
            </Field>
          </div>
        ) : (
          <p className="text-sm text-muted">
            {KIND_NAME[bonus.kind]} · {where(bonus)} · given {bonus.issued} times. Players who hold it keep
            the terms they got; a change applies to what is given from now on.
          </p>
        )}
        <label className="flex items-center gap-2 text-sm font-semibold">
          <input
            type="checkbox"
            checked={form.isEnabled === "on"}
            onChange={(e) => set("isEnabled")(e.target.checked ? "on" : "")}
            className="size-4 accent-[var(--c-accent)]"
          />
          On: offered and given to players
        </label>

        <fieldset className="grid gap-4">
          <legend className="mb-2 text-sm font-bold">What players read</legend>
          <p className="text-xs text-muted">
            Write every figure as a placeholder — it is filled from the rule below, so the text follows every
            change. Digits are refused.{" "}
            {Object.keys(meta.placeholders)
              .map((p) => `{${p}}`)
              .join(" ")}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            {input("name", "Name (English)")}
            {area("description", "Description (English)")}
            {LOCALES.map(([l, name]) => (
              <div key={l} className="contents">
                {input(`${l}.name`, `Name (${name})`, "Blank: the English text")}
                {area(`${l}.description`, `Description (${name})`)}
              </div>
            ))}
          </div>
          {!creating && (
            <div className="rounded-xl bg-surface-2 p-3 text-sm" data-testid="admin-bonus-preview">
              <span className="block text-xs text-muted">Players read now</span>
              <span className="font-semibold">{shown.preview.name}</span>
              <span className="block text-muted">{shown.preview.description}</span>
            </div>
          )}
        </fieldset>

        {kind === "deposit" && (
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-bold">Deposit and match</legend>
            {input("matchPercent", "Match, %", "0: free spins only", { inputMode: "numeric" })}
            {input("packageStep", "Welcome package step", "Deposit number 1–10; blank: not in the package", {
              inputMode: "numeric",
            })}
            {input("minDeposit", "Least deposit", perCurrency)}
            {input(
              "baseMinDeposit",
              `Least deposit, other currencies (in ${meta.baseCurrency})`,
              "Blank: none",
            )}
            {input("maxAmountItems", "Cap", perCurrency)}
            {input("baseCurrencyMaxAmount", `Cap, other currencies (in ${meta.baseCurrency})`, "Blank: none")}
          </fieldset>
        )}
        {kind === "fixed" && (
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-bold">Amount</legend>
            {input("maxAmountItems", "Amount given", perCurrency)}
            {input("baseCurrencyMaxAmount", `Other currencies (in ${meta.baseCurrency})`, "Blank: none")}
          </fieldset>
        )}
        {(kind === "freespins" || kind === "deposit") && (
          <fieldset className="grid gap-4 sm:grid-cols-3">
            <legend className="mb-2 text-sm font-bold">
              Free spins{kind === "deposit" ? " (optional, with the deposit)" : ""}
            </legend>
            {input("freespinGameSlug", "Game (slug)", "e.g. harbor-fortune")}
            {input("freespinCount", "Spins", undefined, { inputMode: "numeric" })}
            {input("freespinBetItems", "Bet of one spin", perCurrency)}
          </fieldset>
        )}
        {kind === "cashback" && (
          <fieldset className="grid gap-4 sm:grid-cols-3">
            <legend className="mb-2 text-sm font-bold">Cashback</legend>
            {input("cashbackPercent", "Of net losses, %", undefined, { inputMode: "numeric" })}
            {input("cashbackPeriodHours", "Period, hours", "24: UTC days; 168: weeks", {
              inputMode: "numeric",
            })}
            {input("cashbackMinItems", "Least paid", perCurrency)}
          </fieldset>
        )}
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className="mb-2 text-sm font-bold">Wagering</legend>
          {input(
            "wageringMultiplier",
            "Wagering, ×",
            kind === "freespins" ? "× the spins' winnings" : "× the bonus amount",
          )}
          {input("maxBetItems", "Largest bet while wagering", `${perCurrency}; blank: none`)}
          {input("maxConversionMultiplier", "Converted at most, ×", "Blank: no cap")}
          {input("slots", "Slots count, %")}
          {input("tables", "Tables count, %")}
          {input("live", "Live casino counts, %")}
          {input("sportsbook", "Sports bets count, %")}
          {input("sportsbookMinOdds", "Sports bets from odds")}
          {input("activationDays", "Days to activate")}
          {input("wageringDays", "Days to wager")}
          {input("sortOrder", "Order in lists", "Lower first")}
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending}>
            {creating ? "Create" : "Save"}
          </Button>
          {save.isError && (
            <span role="alert" className="text-sm text-danger">
              {errorText(save.error, save.error instanceof Error ? save.error.message : "Could not save")}
            </span>
          )}
          {save.isSuccess && !creating && (
            <span role="status" className="text-sm text-success">
              Saved
            </span>
          )}
        </div>
      </form>
    </Panel>
  );
}

/** Deposit bonuses have a page on the site; the others are named by their identity (codes, quests). */
const where = (b: AdminBonus) => (b.kind === "deposit" ? `/bonus/${b.pageIdentity}` : b.pageIdentity);

/** A bonus's figures in one line for the list. */
function summary(b: AdminBonus): string {
  const money = (items: Items, base: string | null) =>
    items[0] ? `${items[0].amount} ${items[0].currency}` : (base ?? "—");
  if (b.kind === "deposit")
    return [
      b.matchPercent ? `${b.matchPercent}% up to ${money(b.maxAmountItems, b.baseCurrencyMaxAmount)}` : "",
      b.freespinCount ? `${b.freespinCount} spins` : "",
      `×${b.wageringMultiplier}`,
    ]
      .filter(Boolean)
      .join(" · ");
  if (b.kind === "fixed")
    return `${money(b.maxAmountItems, b.baseCurrencyMaxAmount)} · ×${b.wageringMultiplier}`;
  if (b.kind === "freespins")
    return `${b.freespinCount ?? 0} spins on ${b.freespinGameSlug} · ×${b.wageringMultiplier}`;
  return `${b.cashbackPercent ?? 0}% every ${b.cashbackPeriodHours ?? 24} h · ×${b.wageringMultiplier}`;
}

/**
 * `/admin/bonuses` (issue #21, decision 0026): every bonus definition — deposit bonuses and the welcome
 * package's steps, fixed bonuses, free-spin packages, cashback rules — with its terms, texts and switch.
 */
export default function AdminBonuses() {
  const me = useOutletContext<StaffMe>();
  const writes = can(me, "promotions.write");
  const [kind, setKind] = useState<BonusKind | "all">("all");
  const [editing, setEditing] = useState<string | "new" | undefined>();
  const list = useQuery({
    queryKey: ["admin", "bonuses"],
    queryFn: () => adminApi.get("/admin/bonuses"),
  });
  const rows = (list.data?.data ?? []).filter((b) => kind === "all" || b.kind === kind);
  const edited = editing === "new" ? BLANK : list.data?.data.find((b) => b.id === editing);
  return (
    <div className="grid max-w-6xl grid-cols-1 gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold">Bonuses</h1>
        {writes && (
          <Button size="sm" onClick={() => setEditing("new")}>
            New bonus
          </Button>
        )}
      </div>
      {edited && list.data && (
        <Editor
          key={editing}
          bonus={edited}
          meta={list.data.meta}
          creating={editing === "new"}
          onClose={() => setEditing(undefined)}
        />
      )}
      <Panel title="Bonus definitions">
        <div className="mb-4 overflow-x-auto">
          <FilterButtons options={KINDS} value={kind} onChange={setKind} />
        </div>
        <ListState
          loading={list.isPending}
          error={list.error}
          empty={rows.length === 0}
          emptyText="No bonus here."
        />
        {rows.length > 0 && (
          <ul className="grid gap-2" data-testid="admin-bonuses">
            {rows.map((b) => (
              <li
                key={b.id}
                data-testid="admin-bonus"
                data-page={b.pageIdentity}
                className="grid gap-2 rounded-xl border border-line p-3 sm:grid-cols-[1fr_auto] sm:items-center"
              >
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold">{b.preview.name}</span>
                    <StatusBadge
                      status={b.isEnabled ? "active" : "closed"}
                      label={b.isEnabled ? "on" : "off"}
                    />
                    {b.packageStep !== null && (
                      <span className="rounded-md bg-surface-2 px-2 py-0.5 text-xs font-bold">
                        Welcome step {b.packageStep}
                      </span>
                    )}
                  </div>
                  <span className="block text-xs text-muted">
                    {KIND_NAME[b.kind]} · {where(b)} · {summary(b)} · given {b.issued}×
                  </span>
                </div>
                <Button size="sm" variant="secondary" onClick={() => setEditing(b.id)}>
                  {writes ? "Edit" : "View"}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
