import { type CreateLimitBody, type LimitPeriod, protectsAtLeastAsMuch } from "#common/api/limits";
import { PlusIcon } from "~/components/ui/page-icons";
import { alert } from "~/lib/alerts";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { useModals } from "~/modals/use-modal";
import { limitsApi, useLimits, useReloadLimits } from "../api";
import { LimitForm } from "../LimitForm";
import { updateValue } from "./ConfirmLimitUpdate";

/**
 * `?add-limit=true` (or the definition to start with, `?add-limit=3`): a new bet, loss or deposit limit. One
 * that already exists for that period and currency is changed instead, as the server does: protecting more
 * at once, protecting less only after the confirm-limit-update modal.
 */
export default function AddLimit({ value, close }: ModalProps) {
  const { t } = useTranslation("layout");
  const modals = useModals();
  const reload = useReloadLimits();
  const { data } = useLimits();
  const definition = Number(value) || undefined;

  return (
    <ModalFrame
      icon={<PlusIcon size={22} />}
      title={t("profile.limits.addTitle")}
      description={t("profile.limits.addText")}
    >
      <LimitForm
        initial={{ definition }}
        submit={t("profile.limits.form.save")}
        onChoose={async (c) => {
          const existing = data?.data.find(
            (l) => l.definition === c.definition && l.period === c.period && l.currency === c.currency,
          );
          if (existing && !protectsAtLeastAsMuch(existing, c.period as LimitPeriod, c.amount))
            return modals.swap(["add-limit"], "confirm-limit-update", updateValue(existing.id, c));
          await limitsApi.create({ ...c, definition: c.definition as CreateLimitBody["definition"] });
          await reload();
          alert.success(t("profile.limits.saved"));
          close();
        }}
      />
    </ModalFrame>
  );
}
