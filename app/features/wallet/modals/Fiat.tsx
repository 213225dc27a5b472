import { Pressable } from "~/components/ui/Button";
import { SwapIcon } from "~/components/ui/page-icons";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { CurrencyBadge } from "../CurrencyBadge";
import { equivalentCurrency, setEquivalent, useWallet } from "../store";

/** `?fiat=true`: the currency the equivalent balance is shown in (kept in local storage). */
export default function Fiat({ close }: ModalProps) {
  const { t } = useTranslation("modals");
  const currencies = useWallet((s) => s.currencies);
  const chosen = useWallet(equivalentCurrency);
  const list = currencies.filter((c) => c.isEnabled && c.type === "fiat");
  return (
    <ModalFrame icon={<SwapIcon size={22} />} title={t("fiat.title")} description={t("fiat.text")}>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {list.map((c) => (
          <li key={c.code}>
            <Pressable
              data-testid={`fiat-${c.code}`}
              aria-pressed={chosen?.code === c.code}
              onClick={() => {
                setEquivalent(c.code);
                close();
              }}
              className={`flex w-full items-center gap-2.5 rounded-xl border px-3 py-2.5 text-left transition-colors ${
                chosen?.code === c.code ? "border-accent/60 bg-accent/10" : "border-line hover:bg-surface-2"
              }`}
            >
              <CurrencyBadge code={c.code} symbol={c.symbol} size={28} />
              <span className="min-w-0">
                <span className="block text-sm font-bold">{c.code}</span>
                <span className="block truncate text-xs text-muted">{c.name}</span>
              </span>
            </Pressable>
          </li>
        ))}
      </ul>
    </ModalFrame>
  );
}
