import type { ReactNode } from "react";

/** A section card of the profile screens. */
export function Card({
  title,
  description,
  action,
  children,
  testId,
}: {
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <section data-testid={testId} className="rounded-card border border-line bg-surface p-5 sm:p-6">
      {(title || action) && (
        <header className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            {title && <h2 className="text-lg font-bold">{title}</h2>}
            {description && <p className="mt-1 text-sm leading-relaxed text-muted">{description}</p>}
          </div>
          {action}
        </header>
      )}
      {children}
    </section>
  );
}

/** One line of facts: an icon, a label with its value, a status and an action at the end. */
export function Row({
  icon,
  label,
  value,
  status,
  action,
  testId,
}: {
  icon: ReactNode;
  label: ReactNode;
  value: ReactNode;
  status?: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      data-testid={testId}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-line py-4 first:border-t-0 first:pt-0 last:pb-0"
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-surface-2 text-muted">
        {icon}
      </span>
      {/* The value keeps room to be read (12rem): the status and actions wrap under it on a phone. */}
      <div className="min-w-0 flex-1 basis-48">
        <p className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</p>
        <p className="mt-0.5 truncate font-semibold">{value}</p>
      </div>
      {status}
      {action}
    </div>
  );
}

export function Badge({ tone, children }: { tone: "ok" | "warn" | "neutral"; children: ReactNode }) {
  const look =
    tone === "ok"
      ? "border-accent/40 bg-accent/10 text-accent"
      : tone === "warn"
        ? "border-gold/40 bg-gold/10 text-gold"
        : "border-line bg-surface-2 text-muted";
  return (
    <span
      className={`inline-flex h-7 items-center gap-1.5 rounded-full border px-2.5 text-xs font-bold ${look}`}
    >
      {children}
    </span>
  );
}

export const actionClass =
  "inline-flex h-10 items-center justify-center gap-2 rounded-xl border border-line px-4 text-sm font-semibold transition hover:border-muted hover:bg-surface-2 disabled:opacity-60";
export const primaryClass =
  "inline-flex h-11 items-center justify-center gap-2 rounded-xl bg-accent px-5 text-sm font-bold text-accent-fg transition hover:brightness-110 disabled:opacity-70";

/** A switch for a yes/no preference. */
export function Toggle({
  checked,
  onChange,
  label,
  description,
  disabled,
  testId,
}: {
  checked: boolean;
  onChange: (value: boolean) => void;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <label className="flex cursor-pointer items-center justify-between gap-4 border-t border-line py-4 first:border-t-0 first:pt-0 last:pb-0">
      <span className="min-w-0">
        <span className="block font-semibold">{label}</span>
        {description && <span className="mt-0.5 block text-sm text-muted">{description}</span>}
      </span>
      <button
        type="button"
        role="switch"
        data-testid={testId}
        aria-checked={checked}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative h-7 w-12 shrink-0 rounded-full transition-colors disabled:opacity-60 ${checked ? "bg-accent" : "bg-surface-3"}`}
      >
        <span
          className={`absolute top-1 left-1 size-5 rounded-full bg-white shadow transition-transform ${checked ? "translate-x-5" : ""}`}
        />
      </button>
    </label>
  );
}
