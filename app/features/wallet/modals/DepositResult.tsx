import { Button } from "~/components/ui/Button";
import { CheckCircleIcon, XCircleIcon } from "~/components/ui/page-icons";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "~/modals/ModalFrame";
import { useSwapModals } from "../ui";

/** The outcome card of deposit-success and deposit-error. */
export function DepositResult({ ok, level, close }: { ok: boolean; level: number; close: () => void }) {
  const { t } = useTranslation("modals");
  const swap = useSwapModals();
  const id = ok ? "deposit-success" : "deposit-error";
  return (
    <ModalFrame
      level={level}
      onClose={close}
      testId={`modal-${id}`}
      icon={
        ok ? (
          <CheckCircleIcon size={24} className="text-success" />
        ) : (
          <XCircleIcon size={24} className="text-danger" />
        )
      }
      title={t(`${id}.title`)}
      description={t(`${id}.text`)}
    >
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        {!ok && (
          <Button
            variant="primary"
            size="lg"
            className="sm:flex-1"
            onClick={() => swap({ [id]: null, wallet: "deposit" })}
          >
            {t("deposit-error.retry")}
          </Button>
        )}
        <Button variant={ok ? "primary" : "secondary"} size="lg" className="sm:flex-1" onClick={close}>
          {ok ? t("deposit-success.play") : t("deposit-status.done")}
        </Button>
      </div>
    </ModalFrame>
  );
}
