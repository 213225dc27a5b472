import { clsx } from "clsx";
import { type InputHTMLAttributes, type ReactNode, type Ref, useMemo, useState } from "react";
import {
  type Control,
  type FieldValues,
  type Path,
  type UseControllerProps,
  useController,
} from "react-hook-form";
import { useTranslation } from "~/lib/i18n-react";
import { type AmountMask, formatAmount, pastedAmount, typeAmount } from "./amount-mask";
import { FormField } from "./FormField";
import { Input } from "./Input";

export type { AmountMask };

type Native = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "defaultValue" | "onChange" | "type">;

export interface AmountInputProps extends Native {
  /** The canonical decimal string ("1234.56"; "" for none): what the form holds and validates. */
  value: string;
  /** Called with the canonical decimal string after every edit. */
  onValueChange: (value: string) => void;
  /** The page's Intl locale: "pt-BR" shows 1.234,56. */
  locale: string;
  /** Decimal places the currency allows; more typed are dropped. */
  fraction: number;
  /** Players' amounts are unsigned (the default); a back-office adjustment may take a sign. */
  unsigned?: boolean;
  invalid?: boolean;
  controlSize?: "sm" | "md";
  ref?: Ref<HTMLInputElement>;
}

/**
 * An amount of money as the player types it: grouped and with the decimal mark of the page's locale while
 * typed, handed to the form as a canonical decimal string (never a float). Use it inside a FormField:
 * `<FormField label="Amount">{(f) => <AmountInput {...f} value={v} onValueChange={setV} locale={l} fraction={2} />}</FormField>`.
 */
export function AmountInput({
  value,
  onValueChange,
  locale,
  fraction,
  unsigned = true,
  onBlur,
  ...rest
}: AmountInputProps) {
  const mask = useMemo<AmountMask>(() => ({ locale, fraction, unsigned }), [locale, fraction, unsigned]);
  // The text shown, and the value and mask it was written for: a new value from outside (a quick amount, a
  // reset) or another locale writes it again; the player's own typing keeps theirs ("12," stays "12,").
  const [typed, setTyped] = useState(() => ({ value, mask, shown: formatAmount(value, mask) }));
  let shown = typed.shown;
  if (typed.value !== value || typed.mask !== mask) {
    shown = formatAmount(value, mask);
    setTyped({ value, mask, shown });
  }
  return (
    <Input
      type="text"
      inputMode={fraction > 0 ? "decimal" : "numeric"}
      autoComplete="off"
      spellCheck={false}
      {...rest}
      value={shown}
      onChange={(e) => {
        const input = e.currentTarget;
        const next = typeAmount(input.value, input.selectionStart ?? input.value.length, mask);
        // Written here, so React finds the input already showing it and the caret stays where we put it.
        input.value = next.shown;
        if (input.ownerDocument.activeElement === input) input.setSelectionRange(next.caret, next.caret);
        setTyped({ value: next.value, mask, shown: next.shown });
        onValueChange(next.value);
      }}
      onPaste={(e) => {
        // A whole amount pasted over the field is read as its writer meant it ("75.50" into a pt-BR page).
        const input = e.currentTarget;
        const all = input.selectionStart === 0 && input.selectionEnd === input.value.length;
        const pasted = all ? pastedAmount(e.clipboardData.getData("text"), mask) : undefined;
        if (pasted === undefined) return;
        e.preventDefault();
        const next = formatAmount(pasted, mask);
        setTyped({ value: pasted, mask, shown: next });
        onValueChange(pasted);
      }}
      onBlur={(e) => {
        // Leaving the field tidies what was left half typed: "12," becomes "12".
        const tidy = formatAmount(value, mask);
        if (tidy !== shown) setTyped({ value, mask, shown: tidy });
        onBlur?.(e);
      }}
    />
  );
}

/**
 * An amount field of a react-hook-form form: label and placeholder from fields-settings (`textKey`, else the
 * name), the error under it; the form holds the canonical decimal string.
 */
export function AmountField<T extends FieldValues>({
  name,
  form,
  textKey,
  rules,
  required,
  hint,
  trailing,
  className,
  ...input
}: Omit<AmountInputProps, "value" | "onValueChange" | "name" | "form"> & {
  name: Path<T>;
  form: { control: Control<T> };
  textKey?: string;
  rules?: UseControllerProps<T>["rules"];
  required?: boolean;
  hint?: ReactNode;
  trailing?: ReactNode;
}) {
  const { t } = useTranslation("fields-settings");
  const { field, fieldState } = useController({ control: form.control, name, rules });
  const key = textKey ?? name;
  const placeholder = t(`fields.${key}.placeholder`, { defaultValue: "" });
  return (
    <FormField
      label={t(`fields.${key}.label`)}
      hint={hint}
      error={fieldState.error?.message}
      required={required}
    >
      {(f) => (
        <div className="relative">
          <AmountInput
            {...f}
            placeholder={placeholder || undefined}
            aria-required={required || undefined}
            {...input}
            name={field.name}
            ref={field.ref}
            value={(field.value as string | undefined) ?? ""}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            className={clsx(trailing ? "pr-12" : undefined, className)}
          />
          {trailing && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
        </div>
      )}
    </FormField>
  );
}
