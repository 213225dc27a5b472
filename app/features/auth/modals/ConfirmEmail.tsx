import { useState } from "react";
import { Button } from "~/components/ui/Button";
import { FormMessage, SecondaryButton, Spinner } from "~/components/ui/Field";
import { serverErrors } from "~/components/ui/form";
import { MailIcon } from "~/components/ui/icons";
import { useTranslation } from "~/lib/i18n-react";
import { api } from "~/lib/session/client";
import { useProfile } from "~/lib/session/use-session";
import { ModalFrame } from "~/modals/ModalFrame";
import { useModals } from "~/modals/use-modal";
import { useCountdown } from "./GetCode";

/** `?confirm-email=true`: sends the verification link to the player's address and says where it went. */
export default function ConfirmEmail() {
  const { t } = useTranslation("modals");
  const modals = useModals();
  const profile = useProfile();
  const [sentAt, setSentAt] = useState<number>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const left = useCountdown(sentAt);

  const send = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await api().post("/player/profile/email/verify/send");
      setSentAt(Date.now());
    } catch (err) {
      setFailure(serverErrors(err, [], () => {}, t("auth.failed")));
    } finally {
      setBusy(false);
    }
  };

  const email = profile?.email;
  return (
    <ModalFrame
      icon={<MailIcon size={22} />}
      title={profile?.emailVerified ? t("confirm-email.verifiedTitle") : t("confirm-email.title")}
    >
      <div className="flex flex-col gap-4">
        {!email ? (
          <p className="text-sm text-muted">{t("confirm-email.noEmail")}</p>
        ) : profile?.emailVerified ? (
          <FormMessage tone="success">{t("confirm-email.verified", { email })}</FormMessage>
        ) : sentAt ? (
          <FormMessage tone="success">{t("confirm-email.sent", { email })}</FormMessage>
        ) : (
          <p className="text-sm leading-relaxed text-muted">{t("confirm-email.text", { email })}</p>
        )}
        <FormMessage>{failure}</FormMessage>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <SecondaryButton onClick={() => modals.swap(["confirm-email"], "email-verify")}>
            {email ? t("confirm-email.change") : t("confirm-email.add")}
          </SecondaryButton>
          {email && !profile?.emailVerified && (
            <Button variant="primary" size="md" onClick={send} disabled={busy || left > 0}>
              {busy && <Spinner />}
              {left > 0
                ? t("get-code.resendIn", { seconds: left })
                : sentAt
                  ? t("confirm-email.resend")
                  : t("confirm-email.send")}
            </Button>
          )}
        </div>
      </div>
    </ModalFrame>
  );
}
