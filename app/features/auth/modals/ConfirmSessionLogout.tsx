import { useState } from "react";
import { Button } from "~/components/ui/Button";
import { FormMessage, SecondaryButton, Spinner } from "~/components/ui/Field";
import { serverErrors } from "~/components/ui/form";
import { DevicesIcon } from "~/components/ui/icons";
import { alert } from "~/lib/alerts";
import { useTranslation } from "~/lib/i18n-react";
import { api } from "~/lib/session/client";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { announceSessionsChanged } from "../flow";

/**
 * `?confirm-session-logout={sessionId}` closes one session, `?confirm-session-logout=others` every session but
 * this one. That device is logged out at once (its token refused, its socket dropped).
 */
export default function ConfirmSessionLogout({ close, value }: ModalProps) {
  const { t } = useTranslation("modals");
  const others = value === "others";
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const confirm = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      if (others) await api().post("/player/sessions/close-other");
      else await api().put(`/player/sessions/${encodeURIComponent(value)}/close`);
      announceSessionsChanged();
      alert.success(others ? "sessions-closed" : "session-closed");
      close();
    } catch (err) {
      setFailure(serverErrors(err, [], () => {}, t("auth.failed")));
      setBusy(false);
    }
  };

  return (
    <ModalFrame
      icon={<DevicesIcon size={22} />}
      title={others ? t("confirm-session-logout.titleOthers") : t("confirm-session-logout.title")}
      description={others ? t("confirm-session-logout.textOthers") : t("confirm-session-logout.text")}
    >
      <FormMessage>{failure}</FormMessage>
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <SecondaryButton onClick={close}>{t("common.cancel")}</SecondaryButton>
        <Button variant="danger" size="md" onClick={confirm} disabled={busy}>
          {busy && <Spinner />}
          {t("confirm-session-logout.confirm")}
        </Button>
      </div>
    </ModalFrame>
  );
}
