import type { ReactNode } from "react";
import { useSearchParams } from "react-router";

/** A row of toggle buttons choosing one filter value (a list's status, a screen's tab). */
export function FilterButtons<T extends string | number>({
  options,
  value,
  onChange,
}: {
  options: readonly (readonly [T, string])[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div className="flex gap-1.5">
      {options.map(([option, label]) => (
        <button
          key={String(option)}
          type="button"
          aria-pressed={option === value}
          onClick={() => onChange(option)}
          className={`rounded-xl px-3 py-1.5 text-sm font-semibold ${
            option === value ? "bg-accent/15 text-fg" : "text-muted hover:bg-surface-2"
          }`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/**
 * A list's filters kept in the address (`?q=…&state=hidden`), so a reload or a shared link shows the same
 * list: `get(name)` reads one ("" when unset), `set(patch)` changes some (an empty value drops it) and goes
 * back to the first page unless the patch names the page.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const get = (name: string) => params.get(name) ?? "";
  const set = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch))
      if (v) next.set(k, v);
      else next.delete(k);
    if (!("page" in patch)) next.delete("page");
    setParams(next, { replace: true });
  };
  return { params, get, set };
}

/** The list's page in the address (`?page=3`), the first when none or no number is named. */
export function usePageParam(): number {
  const [params] = useSearchParams();
  return Number(params.get("page") ?? 1) || 1;
}

/**
 * A screen's tab in the address (`?tab=loyalty`, or a list's `?status=`), the first of `tabs` when none or an
 * unknown one is named; choosing a tab leaves the other tab's filters (and the page) behind.
 */
export function useTabParam<T extends string>(tabs: readonly T[], name = "tab"): [T, (tab: T) => void] {
  const [params, setParams] = useSearchParams();
  const tab = tabs.find((t) => t === params.get(name)) ?? tabs[0]!;
  return [tab, (t: T) => setParams({ [name]: t })];
}

/** The tabs of a screen as a row of filter buttons, kept in the address (useTabParam). */
export function AdminTabs<T extends string>({
  tabs,
  name,
}: {
  tabs: readonly (readonly [T, string])[];
  name?: string;
}) {
  const [tab, setTab] = useTabParam(
    tabs.map(([t]) => t),
    name,
  );
  return <FilterButtons<T> options={tabs} value={tab} onChange={setTab} />;
}

/** A back-office screen of tabs: its title and the line under it, the tabs, then the chosen tab's part. */
export function TabbedScreen<T extends string>({
  title,
  intro,
  tabs,
  children,
}: {
  title: string;
  intro: ReactNode;
  tabs: readonly (readonly [T, string])[];
  children: (tab: T) => ReactNode;
}) {
  const [tab] = useTabParam(tabs.map(([t]) => t));
  return (
    <div className="grid min-w-0 max-w-5xl grid-cols-[minmax(0,1fr)] gap-5">
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-1">
        <h1 className="text-2xl font-extrabold">{title}</h1>
        {intro}
      </div>
      <AdminTabs tabs={tabs} />
      {children(tab)}
    </div>
  );
}
