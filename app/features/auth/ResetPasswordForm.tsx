import { useState } from "react";
import { useForm } from "react-hook-form";
import type { PasswordConfirmBody } from "#common/api/player";
import { Button } from "~/components/ui/Button";
import { FormMessage, NewPasswordFields, SubmitButton } from "~/components/ui/Field";
import { useSubmit } from "~/components/ui/form";
import { IconTile } from "~/components/ui/IconTile";
import { CheckIcon } from "~/components/ui/page-icons";
import { useTranslation } from "~/lib/i18n-react";
import { api } from "~/lib/session/client";
import { fieldsOf, rulesResolver, useRuleMessages } from "./forms/rules";

const FIELDS = fieldsOf({ password: true, password_confirmation: true });
type Values = { password: string; password_confirmation: string };

/**
 * A new password for the e-mailed reset link (page /password-reset/{resetCode} and the reset-pass modal).
 * Success closes every session of the player on the server.
 */
export function ResetPasswordForm({ resetCode, onDone }: { resetCode: string; onDone: () => void }) {
  const { t } = useTranslation("modals");
  const messages = useRuleMessages();
  const [done, setDone] = useState(false);
  const form = useForm<Values>({
    resolver: rulesResolver(FIELDS, messages),
    defaultValues: { password: "", password_confirmation: "" },
  });
  const { isSubmitting } = form.formState;

  const { submit, failure } = useSubmit(form, t("auth.failed"), async (v) => {
    const body: PasswordConfirmBody = { resetCode, ...v };
    await api().post("/player/passwords/confirm", body);
    setDone(true);
  });

  if (done) return <ResetDone onDone={onDone} />;

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <NewPasswordFields
        form={form}
        names={["password", "password_confirmation"]}
        labels={["newPassword", "repeatNewPassword"]}
        autoFocus
      />
      <FormMessage>{failure}</FormMessage>
      <SubmitButton busy={isSubmitting}>{t("reset-pass.submit")}</SubmitButton>
    </form>
  );
}

/** The password is changed and every device signed out: on to sign in. */
export function ResetDone({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation("modals");
  return (
    <div role="status" data-testid="reset-done" className="flex flex-col items-center gap-3 text-center">
      <IconTile size="xl" round className="bg-accent text-accent-fg" icon={CheckIcon} />
      <p className="text-lg font-bold">{t("reset-pass.doneTitle")}</p>
      <p className="text-sm leading-relaxed text-muted">{t("reset-pass.doneText")}</p>
      <Button variant="primary" size="md" className="mt-2 w-full" onClick={onDone}>
        {t("reset-pass.signIn")}
      </Button>
    </div>
  );
}
