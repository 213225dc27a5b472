import { lazy, Suspense, useEffect, useState } from "react";
import type { Invoice } from "#common/api/wallet";
import { INVOICE_STATUS, INVOICE_TYPE } from "#common/constants";
import { Button, buttonClass, Pressable } from "~/components/ui/Button";
import { CheckCircleIcon, ClockIcon, CopyIcon, ExternalIcon, XCircleIcon } from "~/components/ui/page-icons";
import { alert } from "~/lib/alerts";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { DepositBonusNote } from "../DepositBonusNote";
import { formatMoney } from "../format";
import { announceOutcome, fetchInvoice, useWallet } from "../store";
import { useIntlLocale, useSwapModals } from "../ui";

const QrCode = lazy(() => import("../QrCode"));

/** Keeps one invoice live: from memory or the history at first, then from `payment:invoices` events. */
export function useInvoice(id: string): { invoice?: Invoice; missing: boolean } {
  const invoice = useWallet((s) => s.invoices[id]);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (invoice) return;
    let live = true;
    fetchInvoice(id)
      .then((found) => live && !found && setMissing(true))
      .catch(() => live && setMissing(true));
    return () => {
      live = false;
    };
  }, [id, invoice]);
  return { invoice, missing };
}

/**
 * `?deposit-status={invoiceId}`: how a payment stands, live. Pending shows what the player still has to do
 * (a crypto address and its QR code once the processor made one, an agent's instructions, the checkout);
 * success and failure show the outcome. The checkout page sends the player back here.
 */
export default function DepositStatus({ value, close }: ModalProps) {
  const { t } = useTranslation("modals");
  const locale = useIntlLocale();
  const swap = useSwapModals();
  const { invoice, missing } = useInvoice(value);
  const currency = useWallet((s) => s.currencies.find((c) => c.code === invoice?.currency));

  // Coming back from the checkout: the outcome may already be there; announce it once (not again on reload).
  useEffect(() => {
    if (invoice) announceOutcome(invoice);
  }, [invoice]);

  const deposit = invoice?.type !== INVOICE_TYPE.withdrawal;
  const state =
    invoice?.status === INVOICE_STATUS.success
      ? "success"
      : invoice?.status === INVOICE_STATUS.failure
        ? "failure"
        : "pending";
  const kind = deposit ? "deposit" : "withdrawal";
  const icon =
    state === "success" ? (
      <CheckCircleIcon size={24} className="text-success" />
    ) : state === "failure" ? (
      <XCircleIcon size={24} className="text-danger" />
    ) : (
      <ClockIcon size={24} className="text-gold" />
    );
  const pd = invoice?.publicData ?? {};
  // A code to scan: a coin's address or a Pix charge's BR Code (the sandbox's coins show a wait until theirs).
  const scan = Boolean(pd.qr) || invoice?.method.startsWith("crypto.");
  const pix = pd.network === "Pix";

  return (
    <ModalFrame
      icon={icon}
      title={invoice ? t(`deposit-status.${kind}.${state}`) : t("deposit-status.loading")}
      description={invoice ? t(`deposit-status.${kind}.${state}Text`) : undefined}
    >
      <div data-testid="deposit-status" data-status={invoice?.status}>
        {!invoice ? (
          missing ? (
            <p className="rounded-xl border border-line bg-surface-2/50 px-4 py-4 text-sm text-muted">
              {t("deposit-status.notFound")}
            </p>
          ) : (
            <div className="h-28 animate-pulse rounded-xl bg-surface-2" aria-busy="true" />
          )
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3 rounded-xl border border-line bg-surface-2/40 p-4 text-sm">
              <div className="col-span-2">
                <dt className="text-xs text-muted">{t("deposit-status.amount")}</dt>
                <dd className="text-2xl font-bold tabular-nums">
                  {formatMoney(invoice.amount, invoice.currency, currency, locale)}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted">{t("deposit-status.number")}</dt>
                <dd className="font-semibold">#{invoice.id}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted">{t("deposit-status.date")}</dt>
                <dd className="font-semibold">
                  {new Date(invoice.createdAt).toLocaleString(locale, {
                    dateStyle: "medium",
                    timeStyle: "short",
                  })}
                </dd>
              </div>
              {invoice.failureReason && state === "failure" && (
                <div className="col-span-2">
                  <dt className="text-xs text-muted">{t("deposit-status.reason")}</dt>
                  <dd>{invoice.failureReason}</dd>
                </div>
              )}
            </dl>

            {state === "success" && deposit && <DepositBonusNote invoiceId={invoice.id} />}
            {state === "pending" && deposit && scan && (
              <div className="mt-4 flex flex-col items-center gap-3 rounded-xl border border-line p-4 text-center">
                {pd.qr ? (
                  <>
                    <Suspense
                      fallback={<div className="size-[200px] animate-pulse rounded-xl bg-surface-2" />}
                    >
                      <QrCode value={pd.qr} label={t("deposit-status.qr")} />
                    </Suspense>
                    <p className="text-sm text-muted">
                      {pix
                        ? t("deposit-status.scanPix")
                        : t("deposit-status.scan", { network: pd.network ?? "" })}
                    </p>
                    {pd.address && (
                      <Pressable
                        onClick={() => {
                          void navigator.clipboard?.writeText(pd.address ?? "");
                          alert.info("copied");
                        }}
                        className="flex w-full items-center gap-2 rounded-xl bg-surface-2 px-3 py-2.5 text-left"
                      >
                        <code className="min-w-0 flex-1 truncate text-xs" data-testid="deposit-address">
                          {pd.address}
                        </code>
                        <CopyIcon size={16} className="shrink-0 text-muted" />
                        <span className="sr-only">
                          {pix ? t("deposit-status.copyPix") : t("deposit-status.copy")}
                        </span>
                      </Pressable>
                    )}
                  </>
                ) : (
                  <div className="flex flex-col items-center gap-3 py-6" data-testid="deposit-qr-waiting">
                    <span className="size-8 animate-spin rounded-full border-2 border-line border-t-accent" />
                    <p className="text-sm text-muted">{t("deposit-status.waitingAddress")}</p>
                  </div>
                )}
              </div>
            )}
            {state === "pending" && !deposit && !invoice.cancellable && (
              <p className="mt-4 text-sm text-muted" data-testid="withdrawal-processing">
                {t("deposit-status.processing")}
              </p>
            )}
            {state === "pending" && pd.instructions && (
              <p className="mt-4 rounded-xl border border-gold/30 bg-gold/10 px-4 py-3 text-sm">
                {t("deposit-status.agent")}
              </p>
            )}

            <div className="mt-5 flex flex-col gap-2 sm:flex-row-reverse">
              {state === "pending" && deposit && pd.checkoutUrl && !crypto && (
                <a href={pd.checkoutUrl} className={buttonClass("primary", "lg", "sm:flex-1")}>
                  {t("deposit-status.toCheckout")} <ExternalIcon size={16} />
                </a>
              )}
              {state === "pending" && !deposit && invoice.cancellable && (
                <Button
                  variant="secondary"
                  size="lg"
                  className="sm:flex-1"
                  data-testid="cancel-withdrawal"
                  onClick={() => swap({ "deposit-status": null, "cancel-deposit": invoice.id })}
                >
                  {t("deposit-status.cancelWithdrawal")}
                </Button>
              )}
              {state === "failure" && deposit && (
                <Button
                  variant="primary"
                  size="lg"
                  className="sm:flex-1"
                  onClick={() => swap({ "deposit-status": null, wallet: "deposit" })}
                >
                  {t("deposit-status.tryAgain")}
                </Button>
              )}
              <Button
                variant={state === "success" ? "primary" : "secondary"}
                size="lg"
                className="sm:flex-1"
                onClick={close}
                data-testid="deposit-status-close"
              >
                {state === "success" && deposit ? t("deposit-status.play") : t("deposit-status.done")}
              </Button>
            </div>
          </>
        )}
      </div>
    </ModalFrame>
  );
}
