import { Button, buttonClass } from "~/components/ui/Button";
import { ExternalIcon, ShieldCheckIcon } from "~/components/ui/page-icons";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { formatMoney } from "../format";
import { useWallet } from "../store";
import { useIntlLocale } from "../ui";
import { useInvoice } from "./DepositStatus";

/** `?deposit-redirect={invoiceId}`: the deposit is made; the player continues to the processor's checkout. */
export default function DepositRedirect({ value, close }: ModalProps) {
  const { t } = useTranslation("modals");
  const locale = useIntlLocale();
  const { invoice, missing } = useInvoice(value);
  const currency = useWallet((s) => s.currencies.find((c) => c.code === invoice?.currency));
  const url = invoice?.publicData.checkoutUrl;
  return (
    <ModalFrame
      icon={<ShieldCheckIcon size={22} />}
      title={t("deposit-redirect.title")}
      description={t("deposit-redirect.text")}
    >
      {invoice && (
        <p className="rounded-xl border border-line bg-surface-2/40 px-4 py-3 text-center text-2xl font-bold tabular-nums">
          {formatMoney(invoice.amount, invoice.currency, currency, locale)}
        </p>
      )}
      {missing && <p className="text-sm text-muted">{t("deposit-status.notFound")}</p>}
      <div className="mt-5 flex flex-col gap-2 sm:flex-row-reverse">
        {url ? (
          <a href={url} data-testid="deposit-continue" className={buttonClass("primary", "lg", "sm:flex-1")}>
            {t("deposit-redirect.continue")} <ExternalIcon size={16} />
          </a>
        ) : (
          <span className={buttonClass("primary", "lg", "opacity-60 sm:flex-1")}>
            {t("deposit-redirect.continue")}
          </span>
        )}
        <Button variant="secondary" size="lg" className="sm:flex-1" onClick={close}>
          {t("deposit-redirect.later")}
        </Button>
      </div>
      <p className="mt-4 text-center text-xs text-muted">{t("deposit-redirect.hint")}</p>
    </ModalFrame>
  );
}
