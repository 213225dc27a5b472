import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "~/components/ui/Button";
import { FormMessage, TextField } from "~/components/ui/Field";
import { useSubmit } from "~/components/ui/form";
import { MailIcon } from "~/components/ui/icons";
import { useTranslation } from "~/lib/i18n-react";
import { api } from "~/lib/session/client";
import { setProfile } from "~/lib/session/session";
import { useProfile } from "~/lib/session/use-session";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { AuthForm } from "../forms/AuthForm";
import { fieldsOf, rulesResolver, useRuleMessages } from "../forms/rules";

const FIELDS = fieldsOf({ email: true });

/**
 * `?email-verify=true`: a new (or first) e-mail address for the account; it starts unverified, so a
 * verification link goes to it at once.
 */
export default function EmailVerify({ close }: ModalProps) {
  const { t } = useTranslation("modals");
  const messages = useRuleMessages();
  const profile = useProfile();
  const [sentTo, setSentTo] = useState<string>();
  const form = useForm<{ email: string }>({
    resolver: rulesResolver(FIELDS, messages),
    defaultValues: { email: profile?.email ?? "" },
  });
  const { isSubmitting } = form.formState;

  const { submit, failure } = useSubmit(form, t("auth.failed"), async ({ email }) => {
    const updated = await api().put("/player/profile", { email: email.trim() });
    setProfile(updated);
    if (!updated.emailVerified) await api().post("/player/profile/email/verify/send");
    setSentTo(updated.email ?? email);
  });

  return (
    <ModalFrame
      icon={<MailIcon size={22} />}
      title={profile?.email ? t("email-verify.titleChange") : t("email-verify.titleAdd")}
      description={sentTo ? undefined : t("email-verify.description")}
    >
      {sentTo ? (
        <div className="flex flex-col gap-4">
          <FormMessage tone="success">{t("confirm-email.sent", { email: sentTo })}</FormMessage>
          <Button variant="primary" size="md" onClick={close}>
            {t("common.done")}
          </Button>
        </div>
      ) : (
        <AuthForm onSubmit={submit} failure={failure} busy={isSubmitting} submit={t("email-verify.submit")}>
          <TextField name="email" type="email" autoComplete="email" autoFocus required form={form} />
        </AuthForm>
      )}
    </ModalFrame>
  );
}
