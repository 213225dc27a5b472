import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "~/components/ui/Button";
import { useMoney } from "~/features/games/money";
import { currentAccount, useWallet } from "~/features/wallet/store";
import { useIntlLocale } from "~/features/wallet/ui";
import { alert } from "~/lib/alerts";
import { ApiRequestError } from "~/lib/api";
import { useTranslation } from "~/lib/i18n-react";
import { useProfile } from "~/lib/session/use-session";
import { bonusApi } from "./api";
import { bonusQueries, useReloadBonuses } from "./queries";

/** Last period's cashback in the current account's currency: what the losses earned, and the claim. */
export function CashbackCard() {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const locale = useIntlLocale();
  const playerId = useProfile()?.id;
  const currency = useWallet(currentAccount)?.currency;
  const reload = useReloadBonuses();
  const q = useQuery(bonusQueries.cashback(playerId, currency));
  const [busy, setBusy] = useState(false);
  const day = (s: string) => new Date(s).toLocaleDateString(locale, { dateStyle: "medium" });

  if (q.isError && !q.data)
    return (
      <div role="alert" className="rounded-xl border border-danger/40 bg-danger/10 p-4 text-sm">
        {t("bonuses.cashback.failed")}{" "}
        <Button variant="inline" onClick={() => void q.refetch()}>
          {t("bonuses.retry")}
        </Button>
      </div>
    );
  const c = q.data;
  if (!c) return <div className="h-32 animate-pulse rounded-xl bg-surface-2" aria-busy="true" />;
  const claimed = c.claimedPlayerBonusId !== null;
  return (
    <div data-testid="cashback" data-claimable={c.claimable} data-amount={c.amount} className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">
            {t("bonuses.cashback.period", { from: day(c.periodStart), to: day(c.periodEnd) })}
          </p>
          <p className="mt-1 text-3xl font-extrabold tabular-nums" data-testid="cashback-amount">
            {money(c.amount, c.currency)}
          </p>
        </div>
        <span className="rounded-lg bg-accent-2/15 px-2.5 py-1 text-sm font-bold text-accent-2">
          {t("bonuses.cashback.percent", { percent: c.percent })}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-muted">{t("bonuses.cashback.netLoss")}</dt>
          <dd className="font-semibold tabular-nums">{money(c.netLoss, c.currency)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t("bonuses.cashback.min")}</dt>
          <dd className="font-semibold tabular-nums">{money(c.minAmount, c.currency)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t("bonuses.cashback.wagering")}</dt>
          <dd className="font-semibold">×{c.wageringMultiplier}</dd>
        </div>
      </dl>
      {claimed ? (
        <p className="text-sm font-semibold text-success" data-testid="cashback-claimed">
          {t("bonuses.cashback.claimed")}
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="primary"
            size="md"
            disabled={!c.claimable || busy}
            data-testid="cashback-claim"
            onClick={async () => {
              setBusy(true);
              try {
                await bonusApi.claimCashback(c.currency);
                alert.success(t("bonuses.cashback.claimedAlert", { amount: money(c.amount, c.currency) }));
                await reload();
              } catch (err) {
                alert.error(
                  err instanceof ApiRequestError && err.body.message ? err.body.message : "something-wrong",
                );
              } finally {
                setBusy(false);
              }
            }}
          >
            {t("bonuses.cashback.claim")}
          </Button>
          {!c.claimable && <span className="text-xs text-muted">{t("bonuses.cashback.notYet")}</span>}
        </div>
      )}
    </div>
  );
}
