import { PaymentIcon } from "~/features/wallet/PaymentIcon";
import { useTranslation } from "~/lib/i18n-react";
import { OfferedMethodsList } from "./OfferedMethodsList";

/**
 * The footer's payment marks (issue 36): the deposit methods the cashier offers this visitor now — their
 * account's currency, else the site's — from GET /api/payment/methods/deposit, one mark per method. Nothing is
 * shown when there are none or they cannot be loaded: the footer never promises a method the cashier lacks.
 */
export function FooterPayments() {
  const { t } = useTranslation("layout");
  return (
    <OfferedMethodsList
      testId="footer-payments"
      placeholderClassName="h-9 w-32 rounded-lg"
      item={(m) => (
        <li
          key={m.code}
          data-method={m.code}
          className="flex h-9 items-center gap-2 rounded-lg border border-line bg-surface-2 pr-3 pl-1.5"
        >
          <PaymentIcon name={m.icon} height={28} />
          <span className="text-xs font-semibold text-muted">{m.label}</span>
        </li>
      )}
    >
      {(list) => (
        <div className="border-t border-line">
          <div className="mx-auto flex max-w-6xl flex-col gap-3 px-5 py-6 sm:px-6">
            <h2 className="text-xs font-semibold tracking-[0.14em] text-muted uppercase">
              {t("footer.payments")}
            </h2>
            {list}
          </div>
        </div>
      )}
    </OfferedMethodsList>
  );
}
