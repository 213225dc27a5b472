import type { FormEventHandler, ReactNode } from "react";
import { CodeActions, CodeField, FormMessage, SubmitButton } from "~/components/ui/Field";
import { useTranslation } from "~/lib/i18n-react";

/**
 * An auth modal's form: its fields, then the server's refusal (or, with none, a note such as "code sent
 * again"), the submit button, and whatever follows it.
 */
export function AuthForm({
  onSubmit,
  failure,
  note,
  busy,
  submit,
  after,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  failure?: string;
  note?: string;
  busy: boolean;
  submit: ReactNode;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {children}
      <FormMessage>{failure}</FormMessage>
      {!failure && <FormMessage tone="success">{note}</FormMessage>}
      <SubmitButton busy={busy}>{submit}</SubmitButton>
      {after}
    </form>
  );
}

/** The form of an SMS code: the code and how long it holds, confirm, then change the number or resend. */
export function CodeForm({
  form,
  expiresIn,
  left,
  onChangeNumber,
  onResend,
  back,
  ...rest
}: {
  form: Parameters<typeof CodeField>[0]["form"] & { formState: { isSubmitting: boolean } };
  /** Seconds the code is valid for. */
  expiresIn: number;
  /** Seconds before another code may be asked for. */
  left: number;
  onChangeNumber: () => void;
  onResend: () => void;
  /** The label of the step back (default: change the number). */
  back?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  failure?: string;
  note?: string;
  submit: ReactNode;
}) {
  const { t } = useTranslation("modals");
  return (
    <AuthForm
      busy={form.formState.isSubmitting}
      after={<CodeActions left={left} onChangeNumber={onChangeNumber} onResend={onResend} back={back} />}
      {...rest}
    >
      <CodeField
        name="code"
        form={form}
        hint={t("get-code.validFor", { minutes: Math.round(expiresIn / 60) })}
      />
    </AuthForm>
  );
}
