import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormMessage, SecondaryButton, Spinner } from "~/components/ui/Field";
import { useAction } from "~/components/ui/form";
import { WarningIcon } from "~/components/ui/icons";
import { btnDanger } from "~/features/wallet/ui";
import { alert } from "~/lib/alerts";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { limitsApi, useLimit, useReloadLimits } from "../api";
import { useLimitFormat } from "../format";

/**
 * `?confirm-delete-limit={id}`: removing a limit protects less, so it waits the cooling period; the limit
 * holds until then, and the modal says when.
 */
export default function ConfirmDeleteLimit({ value, close }: ModalProps) {
  const { t } = useTranslation("layout");
  const f = useLimitFormat();
  const reload = useReloadLimits();
  const { limit, data } = useLimit(value);
  const hours = data?.options.coolingHours ?? 24;
  const [now] = useState(() => Date.now());
  const when = f.date(new Date(now + hours * 3_600_000).toISOString());
  const [busy, setBusy] = useState(false);
  const { run, failure } = useAction(t("profile.failed"));

  const confirm = () =>
    run(async () => {
      setBusy(true);
      try {
        await limitsApi.remove(value);
        await reload();
        alert.success(t("profile.limits.scheduledRemoval", { date: when }));
        close();
      } finally {
        setBusy(false);
      }
    });

  return (
    <ModalFrame
      icon={<WarningIcon size={22} />}
      title={t("profile.limits.deleteTitle")}
      description={
        limit
          ? t("profile.limits.deleteText", {
              name: f.name(limit).toLowerCase(),
              amount: f.money(limit.amount ?? "0", limit.currency ?? ""),
              period: f.period(limit.period).toLowerCase(),
              hours,
              date: when,
            })
          : data
            ? t("profile.limits.gone")
            : undefined
      }
    >
      <FormMessage>{failure}</FormMessage>
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <SecondaryButton onClick={close}>{t("profile.limits.keep")}</SecondaryButton>
        <button
          type="button"
          onClick={confirm}
          disabled={busy || !limit}
          data-testid="limit-delete-confirm"
          className={btnDanger}
        >
          {busy && <Spinner />}
          {t("profile.limits.deleteConfirm", { hours })}
        </button>
      </div>
    </ModalFrame>
  );
}
