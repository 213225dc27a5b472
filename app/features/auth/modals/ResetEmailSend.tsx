import { useState } from "react";
import { Button } from "~/components/ui/Button";
import { FormMessage, SecondaryButton } from "~/components/ui/Field";
import { MailIcon } from "~/components/ui/icons";
import { useShellLocale } from "~/features/shell/nav";
import { ApiRequestError } from "~/lib/api";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "~/modals/ModalFrame";
import { useModals } from "~/modals/use-modal";
import { flow } from "../flow";
import { requestReset } from "./ForgotPass";
import { useCountdown } from "./GetCode";

/** `?reset-email-send=true`: "check your inbox", the same answer for any address. */
export default function ResetEmailSend() {
  const { t } = useTranslation("modals");
  const modals = useModals();
  const locale = useShellLocale();
  const email = flow.resetEmail;
  const [sentAt, setSentAt] = useState(() => Date.now());
  const left = useCountdown(sentAt);
  const [note, setNote] = useState<{ tone: "success" | "error"; text: string }>();

  const resend = async () => {
    if (!email) return;
    try {
      await requestReset(email, locale);
      setSentAt(Date.now());
      setNote({ tone: "success", text: t("reset-email-send.resent") });
    } catch (err) {
      setNote({
        tone: "error",
        text: err instanceof ApiRequestError && err.status === 429 ? err.body.message : t("auth.failed"),
      });
    }
  };

  return (
    <ModalFrame icon={<MailIcon size={22} />} title={t("reset-email-send.title")}>
      <div className="flex flex-col gap-4">
        <p className="text-sm leading-relaxed text-muted">
          {email ? t("reset-email-send.text", { email }) : t("reset-email-send.textNoAddress")}
        </p>
        <p className="rounded-xl border border-line bg-surface-2 px-4 py-3 text-sm leading-relaxed text-muted">
          {t("reset-email-send.tip")}
        </p>
        <FormMessage tone={note?.tone}>{note?.text}</FormMessage>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          {email && (
            <SecondaryButton onClick={resend} disabled={left > 0}>
              {left > 0 ? t("get-code.resendIn", { seconds: left }) : t("reset-email-send.resend")}
            </SecondaryButton>
          )}
          <Button variant="primary" size="md" onClick={() => modals.swap(["reset-email-send"], "sign-in")}>
            {t("reset-email-send.backToSignIn")}
          </Button>
        </div>
      </div>
    </ModalFrame>
  );
}
