import { Link } from "react-router";
import { addAmounts } from "#common/money";
import { Button, buttonClass, Pressable } from "~/components/ui/Button";
import { WalletIcon } from "~/components/ui/icons";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { CurrencyBadge } from "../CurrencyBadge";
import { equivalentOf, formatMoney } from "../format";
import { equivalentCurrency, switchAccount, useWallet } from "../store";
import { useIntlLocale, useSwapModals } from "../ui";

/** `?balance=true`: every account with its balance and equivalent, and their total. */
export default function Balance({ close }: ModalProps) {
  const { t } = useTranslation("modals");
  const locale = useIntlLocale();
  const href = useLocalePath();
  const swap = useSwapModals();
  const accounts = useWallet((s) => s.accounts);
  const currencies = useWallet((s) => s.currencies);
  const eq = useWallet(equivalentCurrency);
  const visible = accounts.filter((a) => !a.isHidden);
  const cur = (code: string) => currencies.find((c) => c.code === code);
  const total = eq
    ? addAmounts(...visible.map((a) => equivalentOf(a.balance, cur(a.currency), eq) ?? "0"))
    : undefined;
  return (
    <ModalFrame icon={<WalletIcon size={22} />} title={t("balance.title")}>
      {total !== undefined && eq && (
        <div className="rounded-2xl bg-gradient-to-br from-accent/20 via-surface-2 to-accent-2/20 p-4">
          <p className="text-xs text-muted">{t("balance.total", { code: eq.code })}</p>
          <p className="text-3xl font-bold tabular-nums">
            {formatMoney(total, eq.code, eq, locale, { places: 2 })}
          </p>
        </div>
      )}
      <ul className="mt-3 flex flex-col gap-1">
        {visible.map((a) => (
          <li key={a.id}>
            <Pressable
              onClick={() => !a.isCurrent && void switchAccount(a.id).catch(() => undefined)}
              className={`flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left hover:bg-surface-2 ${a.isCurrent ? "bg-surface-2" : ""}`}
            >
              <CurrencyBadge code={a.currency} symbol={cur(a.currency)?.symbol} size={30} />
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-semibold tabular-nums">
                  {formatMoney(a.balance, a.currency, cur(a.currency), locale)}
                </span>
                {eq && eq.code !== a.currency && (
                  <span className="block text-xs text-muted tabular-nums">
                    ≈{" "}
                    {formatMoney(equivalentOf(a.balance, cur(a.currency), eq) ?? "0", eq.code, eq, locale, {
                      places: 2,
                    })}
                  </span>
                )}
              </span>
              {a.isCurrent && (
                <span className="rounded-md bg-accent/15 px-2 py-0.5 text-xs font-bold text-accent">
                  {t("balance.active")}
                </span>
              )}
            </Pressable>
          </li>
        ))}
      </ul>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <Link to={href("/wallet")} onClick={close} className={buttonClass("secondary", "lg")}>
          {t("balance.manage")}
        </Link>
        <Button variant="primary" size="lg" onClick={() => swap({ balance: null, wallet: "deposit" })}>
          {t("wallet.deposit")}
        </Button>
      </div>
    </ModalFrame>
  );
}
