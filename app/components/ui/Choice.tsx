import { clsx } from "clsx";
import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";
import { CheckIcon } from "./page-icons";

/**
 * A checkbox with its label (which may hold links): the browser's own input, drawn as the kit's box, so forms
 * (react-hook-form's register) and screen readers see a real checkbox.
 */
export function Checkbox({
  children,
  invalid,
  className,
  testId,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  children?: ReactNode;
  invalid?: boolean;
  testId?: string;
  ref?: Ref<HTMLInputElement>;
}) {
  const own = useId();
  const id = rest.id ?? own;
  return (
    <label
      htmlFor={id}
      className={clsx("flex cursor-pointer items-start gap-3 text-sm leading-snug", className)}
    >
      <span className="relative mt-0.5 grid size-5 shrink-0 place-items-center">
        <input
          id={id}
          type="checkbox"
          data-testid={testId}
          aria-invalid={invalid || undefined}
          {...rest}
          className={clsx(
            "peer size-5 cursor-pointer appearance-none rounded-md border bg-bg/60 transition checked:border-accent checked:bg-accent focus-visible:outline-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-60",
            invalid ? "border-danger" : "border-line",
          )}
        />
        <CheckIcon
          size={14}
          strokeWidth={3}
          className="pointer-events-none absolute text-accent-fg opacity-0 peer-checked:opacity-100"
        />
      </span>
      {children && <span>{children}</span>}
    </label>
  );
}

/** An on/off switch on its own (a table row, a toolbar); its name comes from `label` or a label around it. */
export function Switch({
  checked,
  onChange,
  disabled,
  label,
  testId,
  className,
  id,
}: {
  checked: boolean;
  onChange: (value: boolean) => void;
  disabled?: boolean;
  id?: string;
  /** What it switches, for screen readers, when no visible label names it. */
  label?: string;
  testId?: string;
  className?: string;
}) {
  return (
    <button
      type="button"
      id={id}
      role="switch"
      data-testid={testId}
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={clsx(
        "relative h-7 w-12 shrink-0 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-60",
        checked ? "bg-accent" : "bg-surface-3",
        className,
      )}
    >
      <span
        className={clsx(
          "absolute top-1 left-1 size-5 rounded-full bg-white shadow transition-transform",
          checked && "translate-x-5",
        )}
      />
    </button>
  );
}

/**
 * A yes/no preference as a row of a settings list: its label and description on the left, the switch on the
 * right; rows stack with a line between them.
 */
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
  const id = useId();
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer items-center justify-between gap-4 border-t border-line py-4 first:border-t-0 first:pt-0 last:pb-0"
    >
      <span className="min-w-0">
        <span className="block font-semibold">{label}</span>
        {description && <span className="mt-0.5 block text-sm text-muted">{description}</span>}
      </span>
      <Switch id={id} checked={checked} onChange={onChange} disabled={disabled} testId={testId} />
    </label>
  );
}
