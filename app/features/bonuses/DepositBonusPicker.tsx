import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { DepositBonus } from "#common/api/bonus";
import { compareAmounts } from "#common/money";
import { Button } from "~/components/ui/Button";
import { GiftIcon } from "~/components/ui/icons";
import { useMoney } from "~/features/games/money";
import { useTranslation } from "~/lib/i18n-react";
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

/** The least deposit in `currency` a bonus takes, when its terms list that currency (else undefined). */
export function leastDeposit(b: DepositBonus, currency: string): string | undefined {
  return b.triggerConditions.invoiceAmountItems.find((i) => i.currency === currency)?.amountFrom;
}

/**
 * The deposit form's bonus choice (input type "bonus radio"): the deposit bonuses open to the player in this
 * currency (GET /api/game/bonuses?currency — the server decides which a deposit can take), each with what this
 * amount would give (…&amount) or, when it does not qualify, the least deposit that would; and "no bonus".
 * On a first deposit the welcome offer (the package's first step: the server offers it only then) is chosen at
 * first and the amount raised to its minimum (`onSuggestAmount`); later deposits start with no bonus. The chosen id goes
 * with the invoice.
 */
export function DepositBonusPicker({
  currency,
  amount,
  value,
  onChange,
  onSuggestAmount,
}: {
  currency: string;
  /** The amount on the wire, or undefined while the field holds no valid amount. */
  amount: string | undefined;
  value: string | null;
  onChange: (bonusId: string | null) => void;
  /** Asked to set the amount (on the wire) a preselected bonus needs. */
  onSuggestAmount?: (amount: string) => void;
}) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const headline = useOfferHeadline();
  const playerId = useProfile()?.id;
  const settled = useSettled(amount, AMOUNT_SETTLE_MS);
  const open = useQuery(bonusQueries.offers(playerId, currency));
  const q = useQuery({ ...bonusQueries.offers(playerId, currency, settled), enabled: settled !== undefined });
  const qualifying = settled === undefined ? undefined : q.data;
  const offers = open.data;
  const touched = useRef(false);
  const choose = (id: string | null) => {
    touched.current = true;
    onChange(id);
  };

  // The welcome offer first: chosen, and the amount raised to what it takes.
  useEffect(() => {
    if (touched.current || !offers) return;
    touched.current = true;
    const welcome = offers.find((b) => b.package?.step === 1);
    if (!welcome || value !== null) return;
    onChange(welcome.id);
    const least = leastDeposit(welcome, currency);
    if (least && (amount === undefined || compareAmounts(amount, least) < 0)) onSuggestAmount?.(least);
  }, [offers, value, onChange, onSuggestAmount, currency, amount]);

  // A choice no longer open to the player (another tab took it) falls back to none.
  useEffect(() => {
    if (value && offers && !offers.some((b) => b.id === value)) onChange(null);
  }, [offers, value, onChange]);

  const option =
    "flex min-w-0 cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-line bg-surface-2/40 px-3 py-2.5 transition-colors hover:border-muted has-checked:border-accent has-checked:bg-accent/10";

  return (
    <fieldset
      className="mt-4 min-w-0"
      data-testid="deposit-bonuses"
      aria-busy={open.isFetching || q.isFetching}
    >
      <legend className="mb-1.5 flex items-center gap-1.5 text-sm font-semibold">
        <GiftIcon size={16} className="text-gold" /> {t("bonuses.deposit.title")}
      </legend>
      {(open.isError && !open.data) || (q.isError && !q.data) ? (
        <p className="rounded-xl border border-danger/40 bg-danger/10 px-3 py-3 text-xs">
          {t("bonuses.deposit.failed")}{" "}
          <Button
            variant="inline"
            onClick={() => {
              void open.refetch();
              void q.refetch();
            }}
          >
            {t("bonuses.retry")}
          </Button>
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
        <div className="grid min-w-0 grid-cols-1 gap-2" role="radiogroup">
          {offers.map((b) => {
            const got = qualifying?.find((x) => x.id === b.id);
            const least = leastDeposit(b, currency);
            const short = settled === undefined || (qualifying !== undefined && !got);
            return (
              <label
                key={b.id}
                className={option}
                data-testid={`deposit-bonus-${b.id}`}
                data-selected={value === b.id}
              >
                <input
                  type="radio"
                  name="bonusId"
                  value={b.id}
                  checked={value === b.id}
                  onChange={() => choose(b.id)}
                  className="size-4 shrink-0 accent-[var(--c-accent)]"
                />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold">{b.name}</span>
                  <span className="block truncate text-xs text-muted">{headline(b, currency)}</span>
                </span>
                {got?.reward && (
                  <span className="shrink-0 text-sm font-bold text-gold tabular-nums">
                    +{money(got.reward, currency)}
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
                {short && (value === b.id || settled !== undefined) && (
                  <span
                    className="basis-full pl-7 text-xs text-gold"
                    data-testid="deposit-bonus-least"
                    role={value === b.id ? "alert" : undefined}
                  >
                    {least
                      ? t("bonuses.deposit.atLeast", { amount: money(least, currency) })
                      : t("bonuses.deposit.notThisAmount")}
                  </span>
                )}
              </label>
            );
          })}
          <label className={option} data-testid="deposit-bonus-none" data-selected={value === null}>
            <input
              type="radio"
              name="bonusId"
              value=""
              checked={value === null}
              onChange={() => choose(null)}
              className="size-4 shrink-0 accent-[var(--c-accent)]"
            />
            <span className="text-sm font-semibold">{t("bonuses.deposit.noBonus")}</span>
          </label>
        </div>
      )}
    </fieldset>
  );
}
