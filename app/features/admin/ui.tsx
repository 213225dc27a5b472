import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import { ApiRequestError } from "~/lib/api";

/** A labelled input of the back office (English only: staff screens are not translated, decision 0020). */
export function AdminField({
  label,
  value,
  onChange,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value"> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="grid gap-1.5 text-sm font-semibold">
      {label}
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-11 w-full rounded-xl border border-line bg-bg/60 px-3.5 font-normal text-fg outline-none transition focus:border-accent focus:ring-2 focus:ring-accent/25"
        {...rest}
      />
    </label>
  );
}

/** A titled box of the player page and the other screens. */
export function Panel({
  title,
  children,
  actions,
  testId,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <section data-testid={testId} className="rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <header className="mb-3 flex items-center justify-between gap-3">
        <h2 className="text-base font-bold">{title}</h2>
        {actions}
      </header>
      {children}
    </section>
  );
}

/** Loading, failed and empty states every back-office list shows the same way. */
export function ListState({
  loading,
  error,
  empty,
  emptyText,
}: {
  loading: boolean;
  error: unknown;
  empty: boolean;
  emptyText: string;
}) {
  if (loading)
    return (
      <div aria-busy="true" className="grid gap-2">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-10 animate-pulse rounded-xl bg-surface-2" />
        ))}
      </div>
    );
  if (error)
    return (
      <p role="alert" className="text-sm text-danger">
        {error instanceof Error ? error.message : "Could not load this"}
      </p>
    );
  if (empty) return <p className="text-sm text-muted">{emptyText}</p>;
  return null;
}

export const STATUS_TONE: Record<string, string> = {
  active: "bg-success/15 text-success",
  blocked: "bg-danger/15 text-danger",
  closed: "bg-surface-3 text-muted",
  selfExcluded: "bg-accent/15 text-accent",
  coolingOff: "bg-accent/15 text-accent",
  pending: "bg-accent/15 text-accent",
  applied: "bg-success/15 text-success",
  rejected: "bg-surface-3 text-muted",
};

/** A status as a coloured badge; `label` when the words differ from the tone's name. */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return (
    <span
      data-testid="admin-status"
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-bold ${STATUS_TONE[status] ?? "bg-surface-2"}`}
    >
      {label ?? status}
    </span>
  );
}

export const when = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });

const DOCUMENT_STATUS_NAMES: Record<number, string> = { 1: "pending", 2: "approved", 3: "declined" };

/** A document's status (player.document.status: 1 pending, 2 approved, 3 declined) as a badge. */
export function DocumentStatus({ status }: { status: number }) {
  const name = DOCUMENT_STATUS_NAMES[status] ?? String(status);
  return (
    <StatusBadge
      status={name === "approved" ? "applied" : name === "declined" ? "blocked" : "pending"}
      label={name}
    />
  );
}

/** What a failed back-office call says: the API's message, else `fallback`. */
export const errorText = (err: unknown, fallback = "Failed") =>
  err instanceof ApiRequestError ? err.body.message : fallback;

/** The pager's words on every back-office list. */
export const pageLabel = (n: number, of: number) => `Page ${n} of ${of}`;

/** A row of toggle buttons choosing one filter value (a list's status). */
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
