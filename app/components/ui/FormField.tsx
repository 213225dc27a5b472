import { clsx } from "clsx";
import { type ReactNode, useId } from "react";

/** What a field's control needs to be tied to its label, hint and error. */
export interface FieldControl {
  id: string;
  invalid: boolean;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

/**
 * A form field's frame: the label above the control, a hint or the error under it, tied to the control by
 * id so a screen reader reads them with it. The control comes as a function of those ids:
 * `<FormField label="Amount">{(f) => <Input {...f} />}</FormField>`.
 */
export function FormField({
  label,
  hint,
  error,
  required,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  /** The field's error; it stands in for the hint while there is one. */
  error?: ReactNode;
  required?: boolean;
  className?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 flex items-center gap-1 text-sm font-semibold">
        {label}
        {required && (
          <span className="text-danger" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children({
        id,
        invalid: Boolean(error),
        "aria-describedby": describedBy,
        "aria-invalid": error ? true : undefined,
      })}
      <FieldNote id={id} error={error} hint={hint} />
    </div>
  );
}

/** The line under a control: its error (said as an alert) or else its hint. */
export function FieldNote({
  id,
  error,
  hint,
  className,
}: {
  id: string;
  error?: ReactNode;
  hint?: ReactNode;
  className?: string;
}) {
  if (error)
    return (
      <p
        id={`${id}-error`}
        role="alert"
        className={clsx("mt-1.5 text-xs font-medium text-danger", className)}
      >
        {error}
      </p>
    );
  if (hint)
    return (
      <p id={`${id}-hint`} className={clsx("mt-1.5 text-xs text-muted", className)}>
        {hint}
      </p>
    );
  return null;
}
