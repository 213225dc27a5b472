import { type ReactNode, useCallback, useId, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { FilterActions } from "~/components/ui/FilterActions";
import { FiltersButton } from "~/components/ui/FiltersButton";
import { Input, Select } from "~/components/ui/Input";
import { useIsMobile } from "~/lib/device";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "~/modals/ModalFrame";

/** The filters of a history list, by their names in the address (`?type=1&status=2`). */
export type HistoryFilterValues<K extends string> = Partial<Record<K, string>>;

/** One filter: a choice among `options` ([value, text]) with "Any" first, or a date bounded by another date. */
export type HistoryFilterField<K extends string> =
  | { key: K; label: string; options: [string, string][] }
  | { key: K; label: string; date: { min?: K; max?: K } };

/**
 * The filters of a history list (invoices, bonuses) kept in the address: the values read from it, how many
 * are on, and `apply` that writes them back. `resetPage` drops the page number (a paged list starts again);
 * `replace` keeps a change of filter out of the back button's history.
 */
export function useHistoryFilters<K extends string>(
  keys: readonly K[],
  { resetPage = false, replace = false }: { resetPage?: boolean; replace?: boolean } = {},
) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => {
    const f: HistoryFilterValues<K> = {};
    for (const k of keys) {
      const v = params.get(k);
      if (v) f[k] = v;
    }
    return f;
  }, [params, keys]);
  const apply = useCallback(
    (next: HistoryFilterValues<K>) =>
      setParams(
        (q) => {
          for (const k of keys) {
            const v = next[k];
            if (v) q.set(k, v);
            else q.delete(k);
          }
          if (resetPage) q.delete("page");
          return q;
        },
        { preventScrollReset: true, replace },
      ),
    [setParams, keys, resetPage, replace],
  );
  const active = keys.filter((k) => filters[k]).length;
  return { filters, apply, active };
}

/** The test ids a journey finds the filters by: the inline form, and the phone's button, sheet, form and apply. */
export interface HistoryFilterIds {
  inline: string;
  open: string;
  sheet: string;
  form: string;
  apply: string;
}

/**
 * A history list's filters, one way for every list: on a desktop a row of fields above the list, each change
 * applied at once; on a phone a line with the count and a "Filters" button that opens a sheet whose button
 * applies them.
 */
export function HistoryFilters<K extends string>({
  fields,
  filters,
  active,
  onApply,
  count,
  inlineClassName,
  testIds,
}: {
  fields: HistoryFilterField<K>[];
  filters: HistoryFilterValues<K>;
  active: number;
  onApply: (f: HistoryFilterValues<K>) => void;
  /** The phone's line beside the button ("12 transactions"); a blank while unknown. */
  count: ReactNode;
  /** The desktop row's grid: one column per field and the reset. */
  inlineClassName: string;
  testIds: HistoryFilterIds;
}) {
  const { t } = useTranslation("layout");
  const mobile = useIsMobile();
  const [sheet, setSheet] = useState(false);
  if (!mobile)
    return (
      <FilterForm
        key={JSON.stringify(filters)}
        fields={fields}
        initial={filters}
        onApply={onApply}
        className={inlineClassName}
        testIds={testIds}
        inline
      />
    );
  return (
    <>
      <div className="mb-4 flex items-center justify-between gap-3">
        <p className="text-sm text-muted">{count ?? "\u00a0"}</p>
        <FiltersButton
          label={t("wallet.history.filters")}
          active={active}
          onClick={() => setSheet(true)}
          testId={testIds.open}
        />
      </div>
      {sheet && (
        <ModalFrame
          level={0}
          onClose={() => setSheet(false)}
          title={t("wallet.history.filters")}
          testId={testIds.sheet}
        >
          <FilterForm
            fields={fields}
            initial={filters}
            onApply={(f) => {
              onApply(f);
              setSheet(false);
            }}
            className="grid gap-3"
            testIds={testIds}
          />
        </ModalFrame>
      )}
    </>
  );
}

function FilterForm<K extends string>({
  fields,
  initial,
  onApply,
  className,
  testIds,
  inline = false,
}: {
  fields: HistoryFilterField<K>[];
  initial: HistoryFilterValues<K>;
  onApply: (f: HistoryFilterValues<K>) => void;
  className: string;
  testIds: HistoryFilterIds;
  inline?: boolean;
}) {
  const { t } = useTranslation("layout");
  const id = useId();
  const [f, setF] = useState<HistoryFilterValues<K>>(initial);
  const set = (k: K, v: string) => {
    const next = { ...f, [k]: v || undefined };
    setF(next);
    // On a desktop every change applies at once; in the sheet, the button applies them.
    if (inline) onApply(next);
  };
  return (
    <form
      data-testid={inline ? testIds.inline : testIds.form}
      onSubmit={(e) => {
        e.preventDefault();
        onApply(f);
      }}
      className={className}
    >
      {fields.map((field) => (
        <div key={field.key}>
          <label htmlFor={`${id}-${field.key}`} className="mb-1 block text-xs font-semibold text-muted">
            {field.label}
          </label>
          {"options" in field ? (
            <Select
              controlSize="sm"
              id={`${id}-${field.key}`}
              name={field.key}
              value={f[field.key] ?? ""}
              onChange={(e) => set(field.key, e.target.value)}
            >
              <option value="">{t("wallet.history.any")}</option>
              {field.options.map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </Select>
          ) : (
            <Input
              controlSize="sm"
              type="date"
              id={`${id}-${field.key}`}
              name={field.key}
              value={f[field.key] ?? ""}
              min={field.date.min && f[field.date.min]}
              max={field.date.max && f[field.date.max]}
              onChange={(e) => set(field.key, e.target.value)}
            />
          )}
        </div>
      ))}
      <FilterActions
        inline={inline}
        onReset={() => {
          setF({});
          onApply({});
        }}
        applyTestId={testIds.apply}
      />
    </form>
  );
}
