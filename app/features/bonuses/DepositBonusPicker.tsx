import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { GiftIcon } from "~/components/ui/icons";
import { useMoney } from "~/features/games/money";
import { useProfile } from "~/lib/session/use-session";
import { ModalLink } from "~/modals/ModalLink";
import { useOfferHeadline } from "./OfferCard";
import { bonusQueries } from "./queries";

/** The amount settles for this long before the qualifying bonuses are asked for again (typing "1", "10", "100"). */
const AMOUNT_SETTLE_MS = 400;

function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The deposit form's bonus choice (input type "bonus radio"): the deposit bonuses this amount and currency
 * qualify for (GET /api/game/bonuses?currency&amount), each with what it would give, and "no bonus". The
 * chosen id goes with the invoice; a choice the new amount no longer qualifies for falls back to none.
 */
export function DepositBonusPicker({
  currency,
  amount,
  value,
  onChange,
}: {
  currency: string;
  /** The amount on the wire, or undefined while the field holds no valid amount. */
  amount: string | undefined;
  value: string | null;
  onChange: (bonusId: string | null) => void;
}) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const headline = useOfferHeadline();
  const playerId = useProfile()?.id;
  const settled = useSettled(amount, AMOUNT_SETTLE_MS);
  const q = useQuery({ ...bonusQueries.offers(playerId, currency, settled), enabled: settled !== undefined });
  const offers = settled === undefined ? undefined : q.data;

  useEffect(() => {
    if (value && offers && !offers.some((b) => b.id === value)) onChange(null);
  }, [offers, value, onChange]);

  const option = (checked: boolean) =>
    `flex cursor-pointer items-center gap-3 rounded-xl border px-3 py-2.5 transition-colors ${
      checked ? "border-accent bg-accent/10" : "border-line bg-surface-2/40 hover:border-muted"
    }`;

  return (
    <fieldset className="mt-4" data-testid="deposit-bonuses" aria-busy={q.isFetching}>
      <legend className="mb-1.5 flex items-center gap-1.5 text-sm font-semibold">
        <GiftIcon size={16} className="text-gold" /> {t("bonuses.deposit.title")}
      </legend>
      {settled === undefined ? (
        <p className="rounded-xl border border-dashed border-line px-3 py-3 text-xs text-muted">
          {t("bonuses.deposit.enterAmount")}
        </p>
      ) : q.isError && !q.data ? (
        <p className="rounded-xl border border-danger/40 bg-danger/10 px-3 py-3 text-xs">
          {t("bonuses.deposit.failed")}{" "}
          <button type="button" className="font-semibold underline" onClick={() => void q.refetch()}>
            {t("bonuses.retry")}
          </button>
        </p>
      ) : !offers ? (
        <div className="h-14 animate-pulse rounded-xl bg-surface-2" />
      ) : offers.length === 0 ? (
        <p
          className="rounded-xl border border-dashed border-line px-3 py-3 text-xs text-muted"
          data-testid="deposit-bonuses-none"
        >
          {t("bonuses.deposit.none")}
        </p>
      ) : (
        <div className="grid gap-2" role="radiogroup">
          {offers.map((b) => (
            <label key={b.id} className={option(value === b.id)} data-testid={`deposit-bonus-${b.id}`}>
              <input
                type="radio"
                name="bonusId"
                value={b.id}
                checked={value === b.id}
                onChange={() => onChange(b.id)}
                className="size-4 accent-[var(--c-accent)]"
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-semibold">{b.name}</span>
                <span className="block truncate text-xs text-muted">{headline(b, currency)}</span>
              </span>
              {b.reward && (
                <span className="shrink-0 text-sm font-bold text-gold tabular-nums">
                  +{money(b.reward, currency)}
                </span>
              )}
              <ModalLink
                modal="bonus-condition"
                value={b.id}
                className="shrink-0 text-xs font-semibold text-muted underline-offset-2 hover:text-fg hover:underline"
                onClick={(e) => e.stopPropagation()}
              >
                {t("bonuses.offer.terms")}
              </ModalLink>
            </label>
          ))}
          <label className={option(value === null)} data-testid="deposit-bonus-none">
            <input
              type="radio"
              name="bonusId"
              value=""
              checked={value === null}
              onChange={() => onChange(null)}
              className="size-4 accent-[var(--c-accent)]"
            />
            <span className="text-sm font-semibold">{t("bonuses.deposit.noBonus")}</span>
          </label>
        </div>
      )}
    </fieldset>
  );
}
