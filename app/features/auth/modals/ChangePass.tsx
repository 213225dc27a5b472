import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { PasswordChangeBody } from "#common/api/player";
import { CheckboxField, NewPasswordFields, PasswordField } from "~/components/ui/Field";
import { useSubmit } from "~/components/ui/form";
import { KeyIcon } from "~/components/ui/page-icons";
import { alert } from "~/lib/alerts";
import { api } from "~/lib/session/client";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { announceSessionsChanged } from "../flow";
import { AuthForm } from "../forms/AuthForm";
import { fieldsOf, rulesResolver, useRuleMessages } from "../forms/rules";

const FIELDS = fieldsOf({
  currentPassword: true,
  newPassword: true,
  repeatNewPassword: true,
  closeOtherSessions: false,
});
type Values = {
  currentPassword: string;
  newPassword: string;
  repeatNewPassword: string;
  closeOtherSessions: boolean;
};

/** `?change-pass=true`: current password, the new one twice, and whether to log out every other device. */
export default function ChangePass({ close }: ModalProps) {
  const { t } = useTranslation("modals");
  const messages = useRuleMessages();
  const form = useForm<Values>({
    resolver: rulesResolver(FIELDS, messages),
    defaultValues: { currentPassword: "", newPassword: "", repeatNewPassword: "", closeOtherSessions: true },
  });
  const { isSubmitting } = form.formState;

  const { submit, failure } = useSubmit(form, t("auth.failed"), async (v) => {
    const body: PasswordChangeBody = v;
    await api().put("/player/passwords", body);
    if (v.closeOtherSessions) announceSessionsChanged();
    alert.success(v.closeOtherSessions ? "password-changed-others-closed" : "password-changed");
    close();
  });

  return (
    <ModalFrame
      icon={<KeyIcon size={22} />}
      title={t("change-pass.title")}
      description={t("change-pass.description")}
    >
      <AuthForm onSubmit={submit} failure={failure} busy={isSubmitting} submit={t("change-pass.submit")}>
        <PasswordField name="currentPassword" autoFocus required form={form} />
        <NewPasswordFields form={form} names={["newPassword", "repeatNewPassword"]} />
        <CheckboxField registration={form.register("closeOtherSessions")} testId="close-other-sessions">
          <span className="font-semibold text-fg">{t("change-pass.closeOthers")}</span>
          <span className="mt-0.5 block text-xs">{t("change-pass.closeOthersHint")}</span>
        </CheckboxField>
      </AuthForm>
    </ModalFrame>
  );
}
