import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { Pressable } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { useSubmit } from "~/components/ui/form";
import { KeyIcon } from "~/components/ui/page-icons";
import { useShellLocale } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
import { api } from "~/lib/session/client";
import { ModalFrame } from "~/modals/ModalFrame";
import { useModals } from "~/modals/use-modal";
import { flow } from "../flow";
import { type AccountKind, AccountKindTabs } from "../forms/AccountKindTabs";
import { AuthForm } from "../forms/AuthForm";
import { fieldsOf, rulesResolver, useRuleMessages } from "../forms/rules";
import { ForgotPassPhone } from "./ForgotPassPhone";

const FIELDS = fieldsOf({ email: true });

/** Asks for a reset link; the answer is the same whether or not an account uses the address. */
export async function requestReset(email: string, locale: string): Promise<void> {
  await api().post("/player/passwords/reset", { email, locale });
}

/**
 * `?forgot-pass=true`: by e-mail, the address to send a reset link to, then reset-email-send; by phone, an SMS
 * code and the new password in this modal (decision 0058). A phone account without an e-mail takes the second.
 */
export default function ForgotPass() {
  const { t } = useTranslation("modals");
  const modals = useModals();
  const [way, setWay] = useState<AccountKind>("email");
  const [phoneStep, setPhoneStep] = useState<{ step: "phone" | "code" | "done"; phone?: string }>({
    step: "phone",
  });
  const back = (
    <Pressable
      onClick={() => modals.swap(["forgot-pass"], "sign-in")}
      className="text-center text-sm font-semibold text-muted hover:text-fg"
    >
      {t("forgot-pass.back")}
    </Pressable>
  );
  const description =
    way === "email"
      ? t("forgot-pass.description")
      : phoneStep.step === "code"
        ? t("get-code.description", { phone: phoneStep.phone })
        : phoneStep.step === "phone"
          ? t("forgot-pass.descriptionPhone")
          : undefined;
  return (
    <ModalFrame icon={<KeyIcon size={22} />} title={t("forgot-pass.title")} description={description}>
      {phoneStep.step === "phone" && (
        <AccountKindTabs value={way} onChange={setWay} label={t("forgot-pass.way")} />
      )}
      {way === "email" ? (
        <ByEmail after={back} />
      ) : (
        <ForgotPassPhone
          after={back}
          onStep={(step, phone) => setPhoneStep({ step, phone })}
          onSignIn={() => modals.swap(["forgot-pass"], "sign-in")}
        />
      )}
    </ModalFrame>
  );
}

/** The address to send a reset link to, then reset-email-send. */
function ByEmail({ after }: { after: ReactNode }) {
  const { t } = useTranslation("modals");
  const modals = useModals();
  const locale = useShellLocale();
  const messages = useRuleMessages();
  const form = useForm<{ email: string }>({
    resolver: rulesResolver(FIELDS, messages),
    defaultValues: { email: "" },
  });
  const { isSubmitting } = form.formState;

  const { submit, failure } = useSubmit(form, t("auth.failed"), async ({ email }) => {
    await requestReset(email.trim(), locale);
    flow.resetEmail = email.trim();
    modals.swap(["forgot-pass"], "reset-email-send");
  });

  return (
    <AuthForm
      onSubmit={submit}
      failure={failure}
      busy={isSubmitting}
      submit={t("forgot-pass.submit")}
      after={after}
    >
      <TextField name="email" type="email" autoComplete="email" autoFocus required form={form} />
    </AuthForm>
  );
}
