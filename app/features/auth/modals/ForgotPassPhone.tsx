import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import type { PasswordConfirmBody } from "#common/api/player";
import { CodeActions, CodeField, NewPasswordFields } from "~/components/ui/Field";
import { serverErrors, useSubmit } from "~/components/ui/form";
import { useShellLocale } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
import { api } from "~/lib/session/client";
import { AuthForm } from "../forms/AuthForm";
import { PhoneCodeRequest } from "../forms/PhoneCodeRequest";
import { fieldsOf, rulesResolver, useRuleMessages } from "../forms/rules";
import { ResetDone } from "../ResetPasswordForm";
import { useCountdown } from "./GetCode";

const NEW_PASSWORD = fieldsOf({ code: true, password: true, password_confirmation: true });
type Sent = { phone: string; at: number; expiresIn: number };

/**
 * forgot-pass by phone (decision 0058): the number, then the SMS code with the new password in one form, then
 * "changed, every device signed out". The steps are the same whether or not the number is an account's.
 */
export function ForgotPassPhone({
  onStep,
  onSignIn,
  after,
}: {
  /** Tells the modal which step shows, for its description. */
  onStep: (step: "phone" | "code" | "done", phone?: string) => void;
  onSignIn: () => void;
  after: ReactNode;
}) {
  const [sent, setSent] = useState<Sent>();
  const [done, setDone] = useState(false);
  const show = (next: Sent | undefined) => {
    setSent(next);
    onStep(next ? "code" : "phone", next?.phone);
  };
  if (done) return <ResetDone onDone={onSignIn} />;
  if (!sent) return <PhoneStep onSent={show} after={after} />;
  return (
    <CodeStep
      sent={sent}
      onResent={show}
      onBack={() => show(undefined)}
      onDone={() => {
        setDone(true);
        onStep("done");
      }}
    />
  );
}

/** Asks for a reset code; the answer is the same whether or not the number is an account's. */
async function requestCode(phone: string, locale: string): Promise<Sent> {
  const answer = await api().post("/player/passwords/reset", { phone, locale });
  return { phone, at: Date.now(), expiresIn: answer.expiresIn ?? 600 };
}

function PhoneStep({ onSent, after }: { onSent: (sent: Sent) => void; after: ReactNode }) {
  const { t } = useTranslation("modals");
  return (
    <PhoneCodeRequest
      hint={t("sign-up.phoneHint")}
      after={after}
      send={async (phone, locale) => onSent(await requestCode(phone, locale))}
    />
  );
}

type CodeValues = { code: string; password: string; password_confirmation: string };

function CodeStep({
  sent,
  onResent,
  onBack,
  onDone,
}: {
  sent: Sent;
  onResent: (sent: Sent) => void;
  onBack: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation("modals");
  const locale = useShellLocale();
  const messages = useRuleMessages();
  const left = useCountdown(sent.at);
  const [note, setNote] = useState<string>();
  const form = useForm<CodeValues>({
    resolver: rulesResolver(NEW_PASSWORD, messages),
    defaultValues: { code: "", password: "", password_confirmation: "" },
  });
  const { submit, failure, setFailure } = useSubmit(form, t("auth.failed"), async (v) => {
    const body: PasswordConfirmBody = { phone: sent.phone, ...v, locale };
    await api().post("/player/passwords/confirm", body);
    onDone();
  });
  const resend = async () => {
    setFailure(undefined);
    try {
      onResent(await requestCode(sent.phone, locale));
      setNote(t("get-code.resent"));
    } catch (err) {
      setFailure(serverErrors(err, [], () => {}, t("auth.failed")));
    }
  };
  return (
    <AuthForm
      onSubmit={submit}
      failure={failure}
      note={note}
      busy={form.formState.isSubmitting}
      submit={t("reset-pass.submit")}
      after={<CodeActions left={left} onChangeNumber={onBack} onResend={resend} />}
    >
      <CodeField
        name="code"
        form={form}
        hint={t("get-code.validFor", { minutes: Math.round(sent.expiresIn / 60) })}
      />
      <NewPasswordFields
        form={form}
        names={["password", "password_confirmation"]}
        labels={["newPassword", "repeatNewPassword"]}
      />
    </AuthForm>
  );
}
