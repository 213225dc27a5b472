import { useState } from "react";
import { INVOICE_STATUS, INVOICE_TYPE } from "#common/constants";
import { Button } from "~/components/ui/Button";
import { ErrorNote } from "~/components/ui/ErrorNote";
import { WarningIcon } from "~/components/ui/page-icons";
import { ApiRequestError } from "~/lib/api";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { formatMoney } from "../format";
import { declineInvoice, useWallet } from "../store";
import { useIntlLocale } from "../ui";
import { useInvoice } from "./DepositStatus";

/** `?cancel-deposit={invoiceId}`: declines a pending invoice; a withdrawal's reserved money comes back. */
export default function CancelDeposit({ value, close }: ModalProps) {
  const { t } = useTranslation("modals");
  const locale = useIntlLocale();
  const { invoice, missing } = useInvoice(value);
  const currency = useWallet((s) => s.currencies.find((c) => c.code === invoice?.currency));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const withdrawal = invoice?.type === INVOICE_TYPE.withdrawal;
  const pending = invoice?.status === INVOICE_STATUS.pending;
  // A pending withdrawal the processor already has cannot be cancelled (the server says so too).
  const cancellable = Boolean(invoice?.cancellable);

  return (
    <ModalFrame
      icon={<WarningIcon size={22} className="text-gold" />}
      title={t(withdrawal ? "cancel-deposit.titleWithdrawal" : "cancel-deposit.title")}
      description={t(withdrawal ? "cancel-deposit.textWithdrawal" : "cancel-deposit.text")}
    >
      {invoice && (
        <p className="rounded-xl border border-line bg-surface-2/40 px-4 py-3 text-center text-xl font-bold tabular-nums">
          {formatMoney(invoice.amount, invoice.currency, currency, locale)}
        </p>
      )}
      {missing && <p className="text-sm text-muted">{t("deposit-status.notFound")}</p>}
      {invoice && !pending && <p className="mt-3 text-sm text-muted">{t("cancel-deposit.finished")}</p>}
      {invoice && pending && !cancellable && (
        <p className="mt-3 text-sm text-muted">{t("deposit-status.processing")}</p>
      )}
      {error && <ErrorNote className="mt-3">{error}</ErrorNote>}
      <div className="mt-5 flex flex-col gap-2 sm:flex-row-reverse">
        <Button
          variant="danger"
          size="lg"
          className="sm:flex-1"
          data-testid="cancel-deposit-confirm"
          disabled={!cancellable || busy}
          onClick={async () => {
            setBusy(true);
            setError(undefined);
            try {
              await declineInvoice(value);
              close();
            } catch (err) {
              setError(err instanceof ApiRequestError ? err.body.message : t("wallet.errors.failed"));
            } finally {
              setBusy(false);
            }
          }}
        >
          {t("cancel-deposit.confirm")}
        </Button>
        <Button variant="secondary" size="lg" className="sm:flex-1" onClick={close}>
          {t("cancel-deposit.keep")}
        </Button>
      </div>
    </ModalFrame>
  );
}
