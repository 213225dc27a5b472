import { useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { useRef, useState } from "react";
import type { ReferralTransfer as TransferResult } from "#common/api/referral";
import { compareAmounts, placesOf } from "#common/money";
import { AmountInput } from "~/components/ui/AmountInput";
import { Button, Pressable } from "~/components/ui/Button";
import { Spinner } from "~/components/ui/Field";
import { FormField } from "~/components/ui/FormField";
import { useAction } from "~/components/ui/form";
import { WalletIcon } from "~/components/ui/icons";
import { CheckCircleIcon } from "~/components/ui/page-icons";
import { useMoney } from "~/features/games/money";
import { ErrorState } from "~/features/games/states";
import { useWallet } from "~/features/wallet/store";
import { useIntlLocale } from "~/lib/formats";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { REFERRAL_KEY, referralApi, useReferralOverview } from "../api";

const positive = (v: string) => /^\d+(\.\d+)?$/.test(v) && /[1-9]/.test(v);

/**
 * `?referral-transfer=USD`: moves referral earnings to the wallet account in that currency. The amount starts
 * at all that is available; one confirmation sends it with one idempotency key, so a double press or a retry
 * moves it once. The result says what moved and the wallet's balance after it.
 */
export default function ReferralTransfer({ value, close }: ModalProps) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const client = useQueryClient();
  const overview = useReferralOverview();
  const locale = useIntlLocale();
  const withEarnings = (overview.data?.earnings ?? []).filter((e) => compareAmounts(e.available, "0") > 0);
  const [chosen, setChosen] = useState<string>();
  const currency =
    chosen ?? withEarnings.find((e) => e.currency === value)?.currency ?? withEarnings[0]?.currency;
  const available = withEarnings.find((e) => e.currency === currency)?.available ?? "0";
  const [amount, setAmount] = useState<string>();
  const shown = amount ?? available;
  const key = useRef(crypto.randomUUID());
  const [result, setResult] = useState<TransferResult>();
  const { run, failure, busy } = useAction(t("referral.transfer.failed"));
  // The amount is in the currency itself (BTC, not mBTC), to its smallest unit; 8 places while unknown.
  const places = useWallet((s) => s.currencies.find((c) => c.code === currency)?.subunitToUnit);
  const fraction = Math.min(8, places ? placesOf(places) : 8);

  const confirm = () =>
    run(async () => {
      const moved = await referralApi.transfer({
        currency: currency!,
        amount: shown.trim(),
        idempotencyKey: key.current,
      });
      setResult(moved);
      key.current = crypto.randomUUID();
      await client.invalidateQueries({ queryKey: REFERRAL_KEY });
    });

  return (
    <ModalFrame
      icon={<WalletIcon size={22} />}
      title={t("referral.transfer.title")}
      description={t("referral.transfer.description")}
    >
      {result ? (
        <div
          className="flex flex-col items-center gap-3 py-2 text-center"
          data-testid="referral-transfer-done"
        >
          <CheckCircleIcon size={40} className="text-success" />
          <p className="text-lg font-bold">
            {t("referral.transfer.done", { amount: money(result.amount, result.currency) })}
          </p>
          <p className="text-sm text-muted">
            {t("referral.transfer.balance", { balance: money(result.balance, result.currency) })}
          </p>
          <Button onClick={close} className="mt-2 w-full">
            {t("referral.transfer.close")}
          </Button>
        </div>
      ) : overview.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : overview.isError ? (
        <ErrorState onRetry={() => void overview.refetch()} text={t("referral.error")} />
      ) : withEarnings.length === 0 || !currency ? (
        <div className="flex flex-col gap-4 text-center" data-testid="referral-transfer-empty">
          <p className="text-muted">{t("referral.transfer.nothing")}</p>
          <Button variant="secondary" size="md" onClick={close}>
            {t("referral.transfer.close")}
          </Button>
        </div>
      ) : (
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (positive(shown.trim())) void confirm();
          }}
        >
          {withEarnings.length > 1 && (
            <fieldset className="flex flex-wrap gap-2">
              <legend className="sr-only">{t("referral.transfer.currency")}</legend>
              {withEarnings.map((e) => (
                <Pressable
                  key={e.currency}
                  aria-pressed={e.currency === currency}
                  onClick={() => {
                    setChosen(e.currency);
                    setAmount(undefined);
                  }}
                  className={clsx(
                    "h-10 rounded-xl border px-4 text-sm font-semibold",
                    e.currency === currency ? "border-accent bg-accent/10" : "border-line hover:bg-surface-2",
                  )}
                >
                  {e.currency}
                </Pressable>
              ))}
            </fieldset>
          )}
          <p className="text-sm text-muted" data-testid="referral-transfer-available">
            {t("referral.transfer.available", { amount: money(available, currency) })}
          </p>
          <FormField
            label={t("referral.transfer.amount", { currency })}
            error={positive(shown.trim()) ? undefined : t("referral.transfer.enterAmount")}
          >
            {(f) => (
              <div className="flex gap-2">
                <AmountInput
                  {...f}
                  locale={locale}
                  fraction={fraction}
                  value={shown}
                  onValueChange={setAmount}
                  data-testid="referral-transfer-amount"
                />
                <Button
                  variant="secondary"
                  size="lg"
                  className="shrink-0"
                  onClick={() => setAmount(available)}
                >
                  {t("referral.transfer.all")}
                </Button>
              </div>
            )}
          </FormField>
          {failure && (
            <p role="alert" className="rounded-xl bg-danger/10 px-3 py-2 text-sm text-danger">
              {failure}
            </p>
          )}
          <Button
            type="submit"
            size="lg"
            disabled={busy || !positive(shown.trim())}
            data-testid="referral-transfer-confirm"
          >
            {busy && <Spinner />}
            {t("referral.transfer.confirm")}
          </Button>
        </form>
      )}
    </ModalFrame>
  );
}
