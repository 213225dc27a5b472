import { useState } from "react";
import { useForm } from "react-hook-form";
import type { PasswordChangeBody } from "#common/api/player";
import { CheckboxField, NewPasswordFields, PasswordField } from "~/components/ui/Field";
import { serverErrors, useSubmit } from "~/components/ui/form";
import { KeyIcon } from "~/components/ui/page-icons";
import { alert } from "~/lib/alerts";
import { ApiRequestError } from "~/lib/api";
import { useTranslation } from "~/lib/i18n-react";
import { api } from "~/lib/session/client";
import { useProfile } from "~/lib/session/use-session";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { announceSessionsChanged } from "../flow";
import { AuthForm, CodeForm } from "../forms/AuthForm";
import { fieldsOf, rulesResolver, useRuleMessages } from "../forms/rules";
import { useCountdown } from "./GetCode";

const FIELDS = fieldsOf({
  currentPassword: true,
  newPassword: true,
  repeatNewPassword: true,
  closeOtherSessions: false,
});
const CODE = fieldsOf({ code: true });
type Values = {
  currentPassword: string;
  newPassword: string;
  repeatNewPassword: string;
  closeOtherSessions: boolean;
};

/** The server's answer when everything but the e-mailed code is right: its only field error is `code`. */
const onlyCodeMissing = (err: unknown) =>
  err instanceof ApiRequestError && Object.keys(err.body.errors ?? {}).join() === "code";

/**
 * `?change-pass=true`: current password, the new one twice, and whether to log out every other device; then,
 * for an account with an e-mail, the code `POST /player/otp/email/send` mails there. The server asks for the
 * code only once the rest is right, so the code goes out only to someone who knows the current password.
 */
export default function ChangePass({ close }: ModalProps) {
  const { t } = useTranslation("modals");
  const messages = useRuleMessages();
  const profile = useProfile();
  const form = useForm<Values>({
    resolver: rulesResolver(FIELDS, messages),
    defaultValues: { currentPassword: "", newPassword: "", repeatNewPassword: "", closeOtherSessions: true },
  });
  const codeForm = useForm<{ code: string }>({
    resolver: rulesResolver(CODE, messages),
    defaultValues: { code: "" },
  });
  const [sentAt, setSentAt] = useState<number>();
  const [expiresIn, setExpiresIn] = useState(600);
  const [codeFailure, setCodeFailure] = useState<string>();
  const left = useCountdown(sentAt);

  const done = (v: Values) => {
    if (v.closeOtherSessions) announceSessionsChanged();
    alert.success(v.closeOtherSessions ? "password-changed-others-closed" : "password-changed");
    close();
  };

  const sendCode = async () => {
    const r = await api().post("/player/otp/email/send", {});
    setExpiresIn(r.expiresIn);
    setSentAt(Date.now());
  };

  const { submit, failure } = useSubmit(form, t("auth.failed"), async (v) => {
    try {
      await api().put("/player/passwords", v satisfies PasswordChangeBody);
      done(v);
    } catch (err) {
      if (!onlyCodeMissing(err)) throw err;
      await sendCode();
    }
  });

  const confirm = codeForm.handleSubmit(async ({ code }) => {
    setCodeFailure(undefined);
    const v = form.getValues();
    try {
      await api().put("/player/passwords", { ...v, code } satisfies PasswordChangeBody);
      done(v);
    } catch (err) {
      const fields = err instanceof ApiRequestError ? Object.keys(err.body.errors ?? {}) : [];
      if (fields.some((f) => f !== "code")) {
        // Something before the code changed meanwhile (the current password, say): back to that step.
        setSentAt(undefined);
        serverErrors(err, Object.keys(v), (f, e) => form.setError(f as keyof Values, e), t("auth.failed"));
        return;
      }
      setCodeFailure(
        serverErrors(err, ["code"], (f, e) => codeForm.setError(f as "code", e), t("auth.failed")),
      );
    }
  });

  const resend = async () => {
    setCodeFailure(undefined);
    try {
      await sendCode();
    } catch (err) {
      setCodeFailure(serverErrors(err, [], () => {}, t("auth.failed")));
    }
  };

  return (
    <ModalFrame
      icon={<KeyIcon size={22} />}
      title={t("change-pass.title")}
      description={
        sentAt ? t("change-pass.codeSent", { email: profile?.email ?? "" }) : t("change-pass.description")
      }
    >
      {sentAt ? (
        <CodeForm
          form={codeForm}
          onSubmit={confirm}
          failure={codeFailure}
          submit={t("change-pass.submit")}
          expiresIn={expiresIn}
          left={left}
          back={t("change-pass.back")}
          onChangeNumber={() => setSentAt(undefined)}
          onResend={resend}
        />
      ) : (
        <AuthForm
          onSubmit={submit}
          failure={failure}
          busy={form.formState.isSubmitting}
          submit={profile?.email ? t("change-pass.continue") : t("change-pass.submit")}
        >
          <PasswordField name="currentPassword" autoFocus required form={form} />
          <NewPasswordFields form={form} names={["newPassword", "repeatNewPassword"]} />
          <CheckboxField registration={form.register("closeOtherSessions")} testId="close-other-sessions">
            <span className="font-semibold text-fg">{t("change-pass.closeOthers")}</span>
            <span className="mt-0.5 block text-xs">{t("change-pass.closeOthersHint")}</span>
          </CheckboxField>
        </AuthForm>
      )}
    </ModalFrame>
  );
}
