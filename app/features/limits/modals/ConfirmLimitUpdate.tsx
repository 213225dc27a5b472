import { LIMIT_PERIODS } from "#common/constants";
import { ConfirmChoices } from "~/components/ui/ConfirmChoices";
import { Spinner } from "~/components/ui/Field";
import { ClockIcon } from "~/components/ui/page-icons";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { limitsApi } from "../api";
import { useLimitFormat } from "../format";
import type { LimitChoice } from "../LimitForm";
import { useCoolingChange } from "../limit-actions";

/** The address value of confirm-limit-update: `{id}~{period}~{amount}`. */
export const updateValue = (id: string, c: Pick<LimitChoice, "period" | "amount">) =>
  `${id}~${c.period}~${c.amount}`;

function parseValue(value: string) {
  const [id = "", period = "", amount = ""] = value.split("~");
  const valid = (LIMIT_PERIODS as readonly string[]).includes(period) && /^\d+(\.\d+)?$/.test(amount);
  return valid ? { id, period: period as LimitChoice["period"], amount } : undefined;
}

/**
 * `?confirm-limit-update={id}~{period}~{amount}`: a change that protects less (a higher amount, a shorter
 * period). It applies only after the cooling period (RTS 12), and the player confirms it knowing that.
 */
export default function ConfirmLimitUpdate({ value, close }: ModalProps) {
  const { t } = useTranslation("layout");
  const f = useLimitFormat();
  const change = parseValue(value);
  const { limit, data, hours, when, busy, failure, schedule } = useCoolingChange(change?.id ?? "", close);
  const confirm = () =>
    change &&
    schedule(
      () => limitsApi.update(change.id, { period: change.period, amount: change.amount }),
      "profile.limits.scheduled",
    );

  return (
    <ModalFrame
      icon={<ClockIcon size={22} />}
      title={t("profile.limits.updateTitle", { hours })}
      description={t("profile.limits.updateText", { hours })}
    >
      {limit && change ? (
        <dl className="mb-4 grid grid-cols-2 gap-2 text-sm">
          <div className="rounded-xl border border-line bg-surface-2/40 p-3">
            <dt className="text-xs text-muted">{t("profile.limits.now")}</dt>
            <dd className="mt-1 font-bold tabular-nums">
              {f.money(limit.amount ?? "0", limit.currency ?? "")} · {f.period(limit.period).toLowerCase()}
            </dd>
          </div>
          <div className="rounded-xl border border-gold/40 bg-gold/10 p-3">
            <dt className="text-xs text-muted">{t("profile.limits.from", { date: when })}</dt>
            <dd className="mt-1 font-bold tabular-nums" data-testid="limit-update-new">
              {f.money(change.amount, limit.currency ?? "")} · {f.period(change.period).toLowerCase()}
            </dd>
          </div>
        </dl>
      ) : (
        !data && (
          <div className="grid place-items-center py-6">
            <Spinner />
          </div>
        )
      )}
      {data && !(limit && change) && <p className="mb-4 text-sm text-muted">{t("profile.limits.gone")}</p>}
      <ConfirmChoices
        failure={failure}
        busy={busy}
        disabled={!limit || !change}
        cancel={t("profile.limits.keep")}
        onCancel={close}
        confirm={t("profile.limits.updateConfirm")}
        onConfirm={confirm}
        testId="limit-update-confirm"
      />
    </ModalFrame>
  );
}
