import { useTranslation } from "react-i18next";
import { useOfferedDepositMethods } from "~/features/wallet/offered-methods";
import { PaymentIcon } from "~/features/wallet/PaymentIcon";

/**
 * The footer's payment marks (issue 36): the deposit methods the cashier offers this visitor now — their
 * account's currency, else the site's — from GET /api/payment/methods/deposit, one mark per method. Nothing is
 * shown when there are none or they cannot be loaded: the footer never promises a method the cashier lacks.
 */
export function FooterPayments() {
  const { t } = useTranslation("layout");
  const methods = useOfferedDepositMethods();
  const shown = methods.data?.methods ?? [];
  if (methods.isError || (methods.data && shown.length === 0)) return null;
  return (
    <div className="border-t border-line">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-5 py-6 sm:px-6">
        <h2 className="text-xs font-semibold tracking-[0.14em] text-muted uppercase">
          {t("footer.payments")}
        </h2>
        <ul className="flex flex-wrap gap-2" data-testid="footer-payments" aria-busy={!methods.data}>
          {methods.data
            ? shown.map((m) => (
                <li
                  key={m.code}
                  data-method={m.code}
                  className="flex h-9 items-center gap-2 rounded-lg border border-line bg-surface-2 pr-3 pl-1.5"
                >
                  <PaymentIcon name={m.icon} height={28} />
                  <span className="text-xs font-semibold text-muted">{m.label}</span>
                </li>
              ))
            : [0, 1].map((i) => <li key={i} className="h-9 w-32 animate-pulse rounded-lg bg-surface-2" />)}
        </ul>
      </div>
    </div>
  );
}
