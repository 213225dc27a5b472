import { Mask } from "maska";
import { type InputHTMLAttributes, type ReactNode, useId, useMemo, useState } from "react";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "~/lib/i18n-react";
import { Button, IconButton, Spinner } from "./Button";
import { Checkbox } from "./Choice";
import { FieldNote } from "./FormField";
import { controlClass } from "./Input";
import { SearchIcon } from "./icons";
import { EyeIcon, EyeOffIcon } from "./page-icons";

export { Spinner };

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "form"> {
  name: string;
  /** Key under fields-settings `fields`; the field's name unless told. */
  textKey?: string;
  /** The form the field belongs to: its registration and error are read from it by `name`. */
  form?: BoundForm;
  registration?: UseFormRegisterReturn;
  error?: FieldError;
  required?: boolean;
  hint?: ReactNode;
  /** A maska pattern (# digit, @ letter, * either). */
  mask?: string;
  trailing?: ReactNode;
}

/** Any react-hook-form form, as a field needs it. */
interface BoundForm {
  register(name: never): UseFormRegisterReturn;
  formState: { errors: object };
}

/** A field's registration and error: given outright, or read from its form by name. */
function bind(
  name: string,
  p: { form?: BoundForm; registration?: UseFormRegisterReturn; error?: FieldError },
) {
  const registration = p.registration ?? p.form!.register(name as never);
  const error =
    p.error ?? (p.form?.formState.errors as Record<string, FieldError | undefined> | undefined)?.[name];
  return { registration, error };
}

/** A labelled input with its error under it; label and placeholder from fields-settings. */
export function TextField({
  name,
  textKey,
  form,
  registration: given,
  error: givenError,
  required,
  hint,
  mask,
  trailing,
  type = "text",
  className = "",
  ...rest
}: FieldProps) {
  const { t } = useTranslation("fields-settings");
  const id = useId();
  const key = textKey ?? name;
  const { registration, error } = bind(name, { form, registration: given, error: givenError });
  // The mask shapes what is typed before the form sees it, so the form keeps one value (the masked one).
  const masker = useMemo(() => (mask ? new Mask({ mask }) : undefined), [mask]);
  const placeholder = t(`fields.${key}.placeholder`, { defaultValue: "" });
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 flex items-center gap-1 text-sm font-semibold">
        {t(`fields.${key}.label`)}
        {required && (
          <span className="text-danger" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <div className="relative">
        <input
          id={id}
          type={type}
          placeholder={placeholder || undefined}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          {...rest}
          {...registration}
          onChange={(e) => {
            if (masker) e.target.value = masker.masked(e.target.value);
            return registration.onChange(e);
          }}
          className={controlClass({ invalid: Boolean(error) }, trailing && "pr-12", className)}
        />
        {trailing && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
      </div>
      <FieldNote id={id} error={error?.message} hint={hint} />
    </div>
  );
}

/** A phone number in international form (the `phone` rule), with the phone's keyboard and autofill. */
export function PhoneField(props: Omit<FieldProps, "name" | "type">) {
  return <TextField name="phone" type="tel" inputMode="tel" autoComplete="tel" maxLength={250} {...props} />;
}

/** A password with a show/hide toggle. */
export function PasswordField(props: Omit<FieldProps, "type" | "trailing">) {
  const { t } = useTranslation("modals");
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? "text" : "password"}
      autoComplete={props.autoComplete ?? "current-password"}
      trailing={
        <IconButton
          onClick={() => setShown((s) => !s)}
          label={shown ? t("auth.hidePassword") : t("auth.showPassword")}
          aria-pressed={shown}
          className="rounded-lg hover:bg-transparent"
        >
          {shown ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </IconButton>
      }
    />
  );
}

/**
 * A new password and its repeat (registration, reset, change): the first with the strength hint. Labels are
 * the fields' own unless `labels` names other fields-settings keys.
 */
export function NewPasswordFields({
  form,
  names,
  labels,
  autoFocus,
  required = () => true,
}: {
  form: BoundForm;
  names: [password: string, repeat: string];
  labels?: [password: string, repeat: string];
  autoFocus?: boolean;
  required?: (name: string) => boolean;
}) {
  const { t } = useTranslation("modals");
  const [password, repeat] = names;
  return (
    <>
      <PasswordField
        name={password}
        textKey={labels?.[0]}
        autoComplete="new-password"
        autoFocus={autoFocus}
        required={required(password)}
        form={form}
        hint={t("auth.passwordHint")}
      />
      <PasswordField
        name={repeat}
        textKey={labels?.[1]}
        autoComplete="new-password"
        required={required(repeat)}
        form={form}
      />
    </>
  );
}

/** A search box over a list (currencies, regions): the label is read to screen readers and shown as placeholder. */
export function SearchField({
  label,
  value,
  onChange,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <label className={`relative block ${className ?? ""}`}>
      <span className="sr-only">{label}</span>
      <SearchIcon
        size={18}
        className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-muted"
      />
      <input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={label}
        className={controlClass({ size: "sm" }, "h-11 pl-10")}
      />
    </label>
  );
}

/** A one-time code of six digits, as SMS and e-mail codes come. */
export function CodeField(props: Omit<FieldProps, "type" | "mask" | "inputMode">) {
  return (
    <TextField
      inputMode="numeric"
      autoComplete="one-time-code"
      mask="######"
      autoFocus
      required
      className="tracking-[0.5em]"
      {...props}
    />
  );
}

/** Under a code field: go back to change the number, and send the code again once `left` seconds ran out. */
export function CodeActions({
  left,
  onChangeNumber,
  onResend,
  back,
}: {
  left: number;
  onChangeNumber: () => void;
  onResend: () => void;
  /** The label of the step back (default: change the number). */
  back?: string;
}) {
  const { t } = useTranslation("modals");
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <Button
        variant="link"
        onClick={onChangeNumber}
        className="font-normal text-muted hover:text-fg hover:no-underline"
      >
        {back ?? t("get-code.changeNumber")}
      </Button>
      <Button variant="link" disabled={left > 0} onClick={onResend}>
        {left > 0 ? t("get-code.resendIn", { seconds: left }) : t("get-code.resend")}
      </Button>
    </div>
  );
}

/** A checkbox with its label (which may hold links) and error. */
export function CheckboxField({
  name,
  form,
  registration: given,
  error: givenError,
  children,
  testId,
}: {
  name?: string;
  form?: BoundForm;
  registration?: UseFormRegisterReturn;
  error?: FieldError;
  children: ReactNode;
  testId?: string;
}) {
  const { registration, error } = bind(name ?? "", { form, registration: given, error: givenError });
  return (
    <div>
      <Checkbox testId={testId} invalid={Boolean(error)} {...registration}>
        <span className="text-muted">{children}</span>
      </Checkbox>
      {error?.message && (
        <p role="alert" className="mt-1.5 pl-8 text-xs font-medium text-danger">
          {error.message}
        </p>
      )}
    </div>
  );
}

/** The form's main button: full width, busy while sending. */
export function SubmitButton({
  busy,
  children,
  disabled,
}: {
  busy: boolean;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <Button
      type="submit"
      size="lg"
      busy={busy}
      disabled={disabled}
      className="w-full shadow-[0_10px_30px_-12px_var(--c-accent)]"
    >
      {children}
    </Button>
  );
}

export function SecondaryButton({
  children,
  onClick,
  disabled,
  danger,
  type = "button",
}: {
  children: ReactNode;
  onClick?: () => void;
  disabled?: boolean;
  danger?: boolean;
  type?: "button" | "submit";
}) {
  return (
    <Button variant={danger ? "danger" : "secondary"} type={type} onClick={onClick} disabled={disabled}>
      {children}
    </Button>
  );
}

/** A message for the whole form: a failure, or (tone="success") a confirmation. */
export function FormMessage({
  children,
  tone = "error",
}: {
  children?: ReactNode;
  tone?: "error" | "success" | "info";
}) {
  if (!children) return null;
  const look =
    tone === "error"
      ? "border-danger/40 bg-danger/10 text-danger"
      : tone === "success"
        ? "border-accent/40 bg-accent/10 text-fg"
        : "border-line bg-surface-2 text-muted";
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-xl border px-4 py-3 text-sm leading-relaxed ${look}`}
    >
      {children}
    </p>
  );
}
