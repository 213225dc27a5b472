import { useTranslation } from "react-i18next";
import { CheckCircleIcon, XCircleIcon } from "~/components/ui/page-icons";
import { ModalFrame } from "~/modals/ModalFrame";
import { btnPrimary, btnSecondary, useSwapModals } from "../ui";

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
          <button
            type="button"
            onClick={() => swap({ [id]: null, wallet: "deposit" })}
            className={`${btnPrimary} sm:flex-1`}
          >
            {t("deposit-error.retry")}
          </button>
        )}
        <button type="button" onClick={close} className={`${ok ? btnPrimary : btnSecondary} sm:flex-1`}>
          {ok ? t("deposit-success.play") : t("deposit-status.done")}
        </button>
      </div>
    </ModalFrame>
  );
}
