import { ConfirmChoices } from "~/components/ui/ConfirmChoices";
import { WarningIcon } from "~/components/ui/page-icons";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { limitsApi } from "../api";
import { useLimitFormat } from "../format";
import { useCoolingChange } from "../limit-actions";

/**
 * `?confirm-delete-limit={id}`: removing a limit protects less, so it waits the cooling period; the limit
 * holds until then, and the modal says when.
 */
export default function ConfirmDeleteLimit({ value, close }: ModalProps) {
  const { t } = useTranslation("layout");
  const f = useLimitFormat();
  const { limit, data, hours, when, busy, failure, schedule } = useCoolingChange(value, close);
  const confirm = () => schedule(() => limitsApi.remove(value), "profile.limits.scheduledRemoval");

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
      <ConfirmChoices
        failure={failure}
        busy={busy}
        disabled={!limit}
        cancel={t("profile.limits.keep")}
        onCancel={close}
        confirm={t("profile.limits.deleteConfirm", { hours })}
        onConfirm={confirm}
        danger
        testId="limit-delete-confirm"
      />
    </ModalFrame>
  );
}
