import { type ReactNode, useId } from "react";

/** A field of the bonus form: its label, the control (given its id), a hint and the error naming it. */
export function BonusField({
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

export const inputClass =
  "w-full rounded-xl border border-line bg-bg/60 px-3.5 font-normal text-fg outline-none transition focus:border-accent focus:ring-2 focus:ring-accent/25";

/** The form's inputs and text areas, each bound to its field of the form and the error naming it. */
export interface BonusInputs {
  input: (field: string, label: string, hint?: string, extra?: Record<string, string>) => ReactNode;
  area: (field: string, label: string) => ReactNode;
}

export function bonusInputs(
  form: Record<string, string>,
  set: (field: string, value: string) => void,
  err: (field: string) => string | undefined,
): BonusInputs {
  return {
    input: (field, label, hint, extra = {}) => (
      <BonusField label={label} hint={hint} error={err(field)}>
        {(id) => (
          <input
            id={id}
            value={form[field] ?? ""}
            onChange={(e) => set(field, e.target.value)}
            className={`h-11 ${inputClass}`}
            {...extra}
          />
        )}
      </BonusField>
    ),
    area: (field, label) => (
      <BonusField label={label} error={err(field)}>
        {(id) => (
          <textarea
            id={id}
            value={form[field] ?? ""}
            onChange={(e) => set(field, e.target.value)}
            rows={3}
            className={`py-2.5 ${inputClass}`}
          />
        )}
      </BonusField>
    ),
  };
}
