import { useState } from "react";
import { useForm } from "react-hook-form";
import { parsePhone } from "#common/validation/rules";
import { PhoneField } from "~/components/ui/Field";
import { serverErrors } from "~/components/ui/form";
import { PhoneIcon } from "~/components/ui/page-icons";
import { alert } from "~/lib/alerts";
import { useTranslation } from "~/lib/i18n-react";
import { api } from "~/lib/session/client";
import { setProfile } from "~/lib/session/session";
import { useProfile } from "~/lib/session/use-session";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { AuthForm, CodeForm } from "../forms/AuthForm";
import { fieldsOf, rulesResolver, useRuleMessages } from "../forms/rules";
import { useCountdown } from "./GetCode";

const PHONE = fieldsOf({ phone: true });
const CODE = fieldsOf({ code: true });

/** `?phone=true`: adds or changes the player's phone and proves it with an SMS code. */
export default function Phone({ close }: ModalProps) {
  const { t } = useTranslation("modals");
  const messages = useRuleMessages();
  const profile = useProfile();
  const [sent, setSent] = useState<{ phone: string; at: number; expiresIn: number }>();
  const [failure, setFailure] = useState<string>();
  const left = useCountdown(sent?.at);
  const phoneForm = useForm<{ phone: string }>({
    resolver: rulesResolver(PHONE, messages),
    defaultValues: { phone: profile?.phone ?? "" },
  });
  const codeForm = useForm<{ code: string }>({
    resolver: rulesResolver(CODE, messages),
    defaultValues: { code: "" },
  });

  const send = async (raw: string) => {
    setFailure(undefined);
    const parsed = parsePhone(raw);
    const phone = parsed.ok ? parsed.e164 : raw.trim();
    try {
      const r = await api().post("/player/otp/send", { phone });
      setSent({ phone, at: Date.now(), expiresIn: r.expiresIn });
    } catch (err) {
      setFailure(
        serverErrors(err, ["phone"], (f, e) => phoneForm.setError(f as "phone", e), t("auth.failed")),
      );
    }
  };

  const verify = codeForm.handleSubmit(async ({ code }) => {
    if (!sent) return;
    setFailure(undefined);
    try {
      const updated = await api().post("/player/otp/verify", { phone: sent.phone, code });
      setProfile(updated);
      alert.success("phone-verified");
      close();
    } catch (err) {
      setFailure(serverErrors(err, ["code"], (f, e) => codeForm.setError(f as "code", e), t("auth.failed")));
    }
  });

  return (
    <ModalFrame
      icon={<PhoneIcon size={22} />}
      title={profile?.phone ? t("phone.titleChange") : t("phone.titleAdd")}
      description={sent ? t("get-code.description", { phone: sent.phone }) : t("phone.description")}
    >
      {!sent ? (
        <AuthForm
          onSubmit={phoneForm.handleSubmit(({ phone }) => send(phone))}
          failure={failure}
          busy={phoneForm.formState.isSubmitting}
          submit={t("sign-up.sendCode")}
        >
          <PhoneField autoFocus required form={phoneForm} hint={t("sign-up.phoneHint")} />
        </AuthForm>
      ) : (
        <CodeForm
          form={codeForm}
          onSubmit={verify}
          failure={failure}
          submit={t("phone.verify")}
          expiresIn={sent.expiresIn}
          left={left}
          onChangeNumber={() => setSent(undefined)}
          onResend={() => send(sent.phone)}
        />
      )}
    </ModalFrame>
  );
}
