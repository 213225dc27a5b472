import { type FormEvent, type InputHTMLAttributes, type ReactNode, useId } from "react";
import { Button } from "~/components/ui/Button";

/** A labelled input of the back office (English only: staff screens are not translated, decision 0020). */
export function AdminField({
  label,
  value,
  onChange,
  whole,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value"> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A whole number from `min` (to `max`), typed on a phone's number pad. */
  whole?: readonly [min: number, max?: number];
}) {
  const id = useId();
  const number = whole && { type: "number", inputMode: "numeric" as const, min: whole[0], max: whole[1] };
  return (
    <label htmlFor={id} className="grid gap-1.5 text-sm font-semibold">
      {label}
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-11 w-full rounded-xl border border-line bg-bg/60 px-3.5 font-normal text-fg outline-none transition focus:border-accent focus:ring-2 focus:ring-accent/25"
        {...number}
        {...rest}
      />
    </label>
  );
}

/**
 * One field of a form kept as one object in state: its value and the change that writes it back
 * (`<AdminField label="Name" {...bind("name")} />` with `bind = bindFields(form, setForm)`).
 */
export const bindFields =
  <F extends object>(form: F, setForm: (form: F) => void) =>
  <K extends keyof F>(key: K) => ({
    value: form[key],
    onChange: (value: F[K]) => setForm({ ...form, [key]: value }),
  });

/** A labelled choice (a list's provider filter, a task's goal); the options are the caller's `<option>`s. */
export function AdminSelect({
  label,
  value,
  onChange,
  disabled,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-1.5 text-sm font-semibold">
      {label}
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        className="h-11 w-full min-w-0 rounded-xl border border-line bg-bg/60 px-3 text-sm font-normal text-fg outline-none focus:border-accent focus:ring-2 focus:ring-accent/25"
      >
        {children}
      </select>
    </label>
  );
}

/** A list's filter by one record of a set (a provider, a collection), or by none of them (`allText`). */
export function RecordFilter({
  label,
  allText,
  value,
  onChange,
  records,
}: {
  label: string;
  allText: string;
  value: string;
  onChange: (value: string) => void;
  /** The records to choose from, while they load none. */
  records: readonly { id: number | string; name: string }[] | undefined;
}) {
  return (
    <AdminSelect label={label} value={value} onChange={onChange}>
      <option value="">{allText}</option>
      {records?.map((r) => (
        <option key={r.id} value={r.id}>
          {r.name}
        </option>
      ))}
    </AdminSelect>
  );
}

/** A yes/no of a back-office form with its label beside the box. */
export function AdminCheck({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm font-semibold">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

/** Several of a set ticked as chips under a legend (a staff member's roles, a game's collections). */
export function CheckChips<T extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  /** Each choice and the words on its chip. */
  options: readonly (readonly [T, string])[];
  value: readonly T[];
  onChange: (value: T[]) => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="mb-1.5 text-sm font-semibold">{legend}</legend>
      {options.map(([option, label]) => (
        <label
          key={option}
          className="flex items-center gap-1.5 rounded-lg border border-line px-2.5 py-1.5 text-sm"
        >
          <input
            type="checkbox"
            checked={value.includes(option)}
            onChange={(e) =>
              onChange(e.target.checked ? [...value, option] : value.filter((x) => x !== option))
            }
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

/** A form's submit handler: the page stays, `run` saves (a mutation's `mutate`). */
export const submitWith =
  (run: () => void) =>
  (e: FormEvent): void => {
    e.preventDefault();
    run();
  };

/** An editor form's buttons: its submit (`label`) and Cancel beside it, which calls `onCancel`. */
export function SaveOrCancel({
  label = "Save",
  disabled,
  busy,
  onCancel,
  size = "sm",
  className = "flex gap-2",
}: {
  label?: string;
  /** The submit is off (while saving, or while the form is not ready). */
  disabled: boolean;
  /** The submit turns while the save runs. */
  busy?: boolean;
  onCancel: () => void;
  size?: "sm" | "md";
  className?: string;
}) {
  return (
    <div className={className}>
      <Button type="submit" size={size} busy={busy} disabled={disabled}>
        {label}
      </Button>
      <Button size={size} variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
