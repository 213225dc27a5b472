import type { Limit } from "#common/api/limits";
import { MONEY_LIMIT_DEFINITIONS } from "#common/api/limits";
import { buttonClass } from "~/components/ui/Button";
import { Card } from "~/components/ui/Card";
import { PlusIcon, ShieldCheckIcon } from "~/components/ui/page-icons";
import { useLimits } from "~/features/limits/api";
import { Exclusions } from "~/features/limits/Exclusions";
import { DEFINITION_KEYS } from "~/features/limits/format";
import { LimitRow } from "~/features/limits/LimitRow";
import { RealityCheckSetting } from "~/features/limits/RealityCheckSetting";
import { ProfileSectionFailed } from "~/features/profile/SectionFailed";
import { useTranslation } from "~/lib/i18n-react";
import { ModalLink } from "~/modals/ModalLink";

/**
 * /profile/limits (spec point 2; issue 16): bet, loss and deposit limits with how much of each is used, any
 * change waiting its 24 hours, the reality check's reminder, and the ways to stop playing for a while (a break) or for good (self-exclusion).
 */
export default function ProfileLimits() {
  const { t } = useTranslation("layout");
  const q = useLimits();

  if (q.isError && !q.data)
    return (
      <Card testId="limits" title={t("profile.limits.title")}>
        <ProfileSectionFailed onRetry={() => q.refetch()} />
      </Card>
    );

  const data = q.data;
  return (
    <div className="flex flex-col gap-6">
      <Card
        testId="limits"
        title={t("profile.limits.title")}
        description={t("profile.limits.description")}
        action={
          <ModalLink modal="add-limit" className={buttonClass("primary")} data-testid="limit-add">
            <PlusIcon size={18} />
            {t("profile.limits.add")}
          </ModalLink>
        }
      >
        {!data ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-24 animate-pulse rounded-xl bg-surface-2" />
            ))}
          </div>
        ) : (
          <div className={`flex flex-col gap-6 ${q.isFetching ? "opacity-80" : ""}`}>
            {MONEY_LIMIT_DEFINITIONS.map((d) => (
              <LimitGroup key={d} definition={d} limits={data.data.filter((l) => l.definition === d)} />
            ))}
          </div>
        )}
        <p className="mt-6 flex items-start gap-2 text-xs leading-relaxed text-muted">
          <ShieldCheckIcon size={16} className="shrink-0 text-accent" />
          {t("profile.limits.rules", { hours: data?.options.coolingHours ?? 24 })}
        </p>
      </Card>
      <RealityCheckSetting />
      {data && <Exclusions data={data} />}
    </div>
  );
}

function LimitGroup({ definition, limits }: { definition: number; limits: Limit[] }) {
  const { t } = useTranslation("layout");
  const key = DEFINITION_KEYS[definition];
  return (
    <section data-testid={`limits-group-${key}`}>
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <div>
          <h3 className="font-bold">{t(`profile.limits.groups.${key}.title`)}</h3>
          <p className="text-sm text-muted">{t(`profile.limits.groups.${key}.text`)}</p>
        </div>
      </div>
      {limits.length ? (
        <ul className="flex flex-col gap-3">
          {limits.map((l) => (
            <LimitRow key={l.id} limit={l} />
          ))}
        </ul>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed border-line px-4 py-4 text-sm text-muted">
          {t(`profile.limits.groups.${key}.empty`)}
          <ModalLink modal="add-limit" value={String(definition)} className={buttonClass("secondary", "sm")}>
            {t("profile.limits.set")}
          </ModalLink>
        </div>
      )}
    </section>
  );
}
