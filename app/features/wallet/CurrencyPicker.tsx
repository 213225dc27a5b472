import { useMemo, useState } from "react";
import { Pressable } from "~/components/ui/Button";
import { SearchField } from "~/components/ui/Field";
import { Tabs } from "~/components/ui/Tabs";
import { useTranslation } from "~/lib/i18n-react";
import { CurrencyBadge } from "./CurrencyBadge";
import { formatMoney } from "./format";
import { useWallet } from "./store";
import { useIntlLocale } from "./ui";

/**
 * The currency popup (spec point 3): tabs all / crypto, a search, the player's balance next to each currency
 * they hold. `heldOnly` limits it to currencies with an account (a withdrawal needs money to take).
 */
export function CurrencyPicker({
  selected,
  onPick,
  heldOnly,
}: {
  selected?: string;
  onPick: (code: string) => void;
  heldOnly?: boolean;
}) {
  const { t } = useTranslation("modals");
  const locale = useIntlLocale();
  const currencies = useWallet((s) => s.currencies);
  const accounts = useWallet((s) => s.accounts);
  const [tab, setTab] = useState<"all" | "crypto">("all");
  const [query, setQuery] = useState("");

  const list = useMemo(() => {
    const q = query.trim().toLowerCase();
    return currencies
      .filter((c) => c.isEnabled)
      .filter((c) => tab === "all" || c.type === "crypto")
      .filter((c) => !heldOnly || accounts.some((a) => a.currency === c.code && !a.isHidden))
      .filter((c) => !q || c.code.toLowerCase().includes(q) || c.name.toLowerCase().includes(q));
  }, [currencies, accounts, tab, query, heldOnly]);

  return (
    <div data-testid="currency-picker">
      <Tabs
        value={tab}
        onChange={setTab}
        size="sm"
        items={[
          { value: "all", label: t("currencies.all") },
          { value: "crypto", label: t("currencies.crypto") },
        ]}
      />
      <SearchField label={t("currencies.search")} value={query} onChange={setQuery} className="mt-3" />
      <ul className="mt-3 flex max-h-80 flex-col gap-1 overflow-y-auto">
        {list.map((c) => {
          const held = accounts.find((a) => a.currency === c.code && !a.isHidden);
          const on = c.code === selected;
          return (
            <li key={c.code}>
              <Pressable
                data-testid={`currency-${c.code}`}
                aria-pressed={on}
                onClick={() => onPick(c.code)}
                className={`flex w-full items-center gap-3 rounded-xl border px-3 py-2.5 text-left transition-colors ${
                  on ? "border-accent/60 bg-accent/10" : "border-transparent hover:bg-surface-2"
                }`}
              >
                <CurrencyBadge code={c.code} symbol={c.symbol} size={32} />
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold">{c.code}</span>
                  <span className="block truncate text-xs text-muted">{c.name}</span>
                </span>
                {held && (
                  <span className="text-right text-xs text-muted tabular-nums">
                    {formatMoney(held.balance, c.code, c, locale)}
                  </span>
                )}
              </Pressable>
            </li>
          );
        })}
        {list.length === 0 && (
          <li className="px-3 py-6 text-center text-sm text-muted">{t("currencies.empty")}</li>
        )}
      </ul>
    </div>
  );
}
