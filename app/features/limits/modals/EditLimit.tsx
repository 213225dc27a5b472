import { protectsAtLeastAsMuch } from "#common/api/limits";
import { Spinner } from "~/components/ui/Field";
import { SettingsIcon } from "~/components/ui/icons";
import { alert } from "~/lib/alerts";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { useModals } from "~/modals/use-modal";
import { limitsApi, useLimit, useReloadLimits } from "../api";
import { useLimitFormat } from "../format";
import { LimitForm } from "../LimitForm";
import { updateValue } from "./ConfirmLimitUpdate";

/**
 * `?edit-limit={id}`: a new amount or period for a money limit. Protecting more saves at once; protecting
 * less goes to confirm-limit-update, which says it waits the cooling period.
 */
export default function EditLimit({ value, close }: ModalProps) {
  const { t } = useTranslation("layout");
  const modals = useModals();
  const reload = useReloadLimits();
  const f = useLimitFormat();
  const { limit, loading } = useLimit(value);

  return (
    <ModalFrame
      icon={<SettingsIcon size={22} />}
      title={limit ? t("profile.limits.editTitle", { name: f.name(limit) }) : t("profile.limits.edit")}
      description={
        limit
          ? t("profile.limits.editText", {
              amount: f.money(limit.amount ?? "0", limit.currency ?? ""),
              period: f.period(limit.period).toLowerCase(),
            })
          : undefined
      }
    >
      {limit ? (
        <LimitForm
          fixed
          initial={{
            definition: limit.definition,
            period: limit.period as "daily",
            amount: limit.amount ?? "",
            currency: limit.currency ?? "",
          }}
          submit={t("profile.limits.form.save")}
          onChoose={async (c) => {
            if (!protectsAtLeastAsMuch(limit, c.period, c.amount))
              return modals.swap(["edit-limit"], "confirm-limit-update", updateValue(limit.id, c));
            await limitsApi.update(limit.id, { period: c.period, amount: c.amount });
            await reload();
            alert.success(t("profile.limits.saved"));
            close();
          }}
        />
      ) : loading ? (
        <div className="grid place-items-center py-8">
          <Spinner />
        </div>
      ) : (
        <p className="text-sm text-muted">{t("profile.limits.gone")}</p>
      )}
    </ModalFrame>
  );
}
