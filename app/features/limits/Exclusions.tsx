import { useState } from "react";
import type { Limit, LimitsResponse } from "#common/api/limits";
import { LIMIT_DEFINITION } from "#common/constants";
import { Pressable } from "~/components/ui/Button";
import { Card } from "~/components/ui/Card";
import { ConfirmChoices } from "~/components/ui/ConfirmChoices";
import { FormMessage } from "~/components/ui/Field";
import { LockIcon } from "~/components/ui/icons";
import { ClockIcon, WarningIcon } from "~/components/ui/page-icons";
import { useLocalePath } from "~/features/shell/nav";
import { alert } from "~/lib/alerts";
import { useTranslation } from "~/lib/i18n-react";
import { endingSessionBy, sessionEnded } from "~/lib/session/session";
import { ModalFrame } from "~/modals/ModalFrame";
import { limitsApi } from "./api";
import { useLimitFormat } from "./format";
import { useLimitAction } from "./limit-actions";

type Exclusion = typeof LIMIT_DEFINITION.selfExclusion | typeof LIMIT_DEFINITION.coolingOff;
const KEY: Record<Exclusion, "break" | "exclude"> = {
  [LIMIT_DEFINITION.coolingOff]: "break",
  [LIMIT_DEFINITION.selfExclusion]: "exclude",
};

/** "Take a break" and "Self-exclude": each period a button, each choice confirmed before it starts. */
export function Exclusions({ data }: { data: LimitsResponse }) {
  const [chosen, setChosen] = useState<{ definition: Exclusion; period: string }>();
  const active = data.data.filter(
    (l) => l.definition === LIMIT_DEFINITION.coolingOff || l.definition === LIMIT_DEFINITION.selfExclusion,
  );
  return (
    <>
      <ExclusionCard
        definition={LIMIT_DEFINITION.coolingOff}
        periods={data.options.coolingOffPeriods}
        active={active}
        onChoose={(period) => setChosen({ definition: LIMIT_DEFINITION.coolingOff, period })}
      />
      <ExclusionCard
        definition={LIMIT_DEFINITION.selfExclusion}
        periods={data.options.selfExclusionPeriods}
        active={active}
        onChoose={(period) => setChosen({ definition: LIMIT_DEFINITION.selfExclusion, period })}
      />
      {chosen && <ConfirmExclusion {...chosen} onClose={() => setChosen(undefined)} />}
    </>
  );
}

function ExclusionCard({
  definition,
  periods,
  active,
  onChoose,
}: {
  definition: Exclusion;
  periods: string[];
  active: Limit[];
  onChoose: (period: string) => void;
}) {
  const { t } = useTranslation("layout");
  const f = useLimitFormat();
  const key = KEY[definition];
  const running = active.find((l) => l.definition === definition);
  const serious = definition === LIMIT_DEFINITION.selfExclusion;
  return (
    <Card
      testId={`limits-${key}`}
      title={
        <span className="flex items-center gap-2">
          {serious ? (
            <LockIcon size={18} className="text-danger" />
          ) : (
            <ClockIcon size={18} className="text-gold" />
          )}
          {t(`profile.limits.${key}.title`)}
        </span>
      }
      description={t(`profile.limits.${key}.description`)}
    >
      {running ? (
        <FormMessage tone="info">
          {t(`profile.limits.${key}.active`, { date: running.endsAt ? f.date(running.endsAt) : "—" })}
        </FormMessage>
      ) : (
        <div className="flex flex-wrap gap-2">
          {periods.map((p) => (
            <Pressable
              key={p}
              data-testid={`${key}-${p}`}
              onClick={() => onChoose(p)}
              className={`inline-flex h-10 items-center rounded-xl border px-4 text-sm font-semibold transition ${
                serious
                  ? "border-danger/40 text-fg hover:border-danger hover:bg-danger/10"
                  : "border-line hover:border-gold/60 hover:bg-gold/10"
              }`}
            >
              {f.duration(p)}
            </Pressable>
          ))}
        </div>
      )}
    </Card>
  );
}

/**
 * The serious question before an exclusion starts: it ends every session at once and cannot be undone. The
 * POST answers 201 and the token dies with it, so the site logs out here and says until when.
 */
function ConfirmExclusion({
  definition,
  period,
  onClose,
}: {
  definition: Exclusion;
  period: string;
  onClose: () => void;
}) {
  const { t } = useTranslation("layout");
  const f = useLimitFormat();
  const href = useLocalePath();
  const key = KEY[definition];
  const [understood, setUnderstood] = useState(false);
  const { run, busy, failure } = useLimitAction();

  const confirm = () =>
    run(async () => {
      const limit = await endingSessionBy(() => limitsApi.create({ definition, period }));
      const until = limit.endsAt ? f.date(limit.endsAt) : "—";
      // Said first, as the navigation below may be overtaken by the session's end; and again on the page it
      // leads to, which would otherwise hide it (a page change hides every alert).
      alert.info(t(`profile.limits.${key}.done`, { date: until }), {
        duration: 20_000,
        acrossPageChange: true,
      });
      // The token is dead now: leave the player-only page, then forget the session (no logout call).
      await sessionEnded(href("/"));
    });

  return (
    <ModalFrame
      level={0}
      onClose={onClose}
      testId="confirm-exclusion"
      icon={<WarningIcon size={22} />}
      title={t(`profile.limits.${key}.confirmTitle`, { duration: f.duration(period) })}
      description={t(`profile.limits.${key}.confirmText`, { duration: f.duration(period) })}
    >
      <ul className="mb-4 flex flex-col gap-2 rounded-xl border border-danger/30 bg-danger/5 p-4 text-sm">
        {(["sessions", "final", "money"] as const).map((k) => (
          <li key={k} className="flex gap-2">
            <span aria-hidden="true" className="mt-1.5 size-1.5 shrink-0 rounded-full bg-danger" />
            {t(`profile.limits.confirm.${k}`)}
          </li>
        ))}
      </ul>
      <label className="mb-4 flex cursor-pointer items-start gap-3 text-sm font-semibold">
        <input
          type="checkbox"
          checked={understood}
          onChange={(e) => setUnderstood(e.target.checked)}
          data-testid="exclusion-understood"
          className="mt-0.5 size-5 shrink-0 accent-[var(--c-danger)]"
        />
        {t("profile.limits.confirm.understood")}
      </label>
      <ConfirmChoices
        failure={failure}
        busy={busy}
        disabled={!understood}
        cancel={t("profile.limits.confirm.cancel")}
        onCancel={onClose}
        confirm={t(`profile.limits.${key}.confirm`, { duration: f.duration(period) })}
        onConfirm={confirm}
        danger
        testId="exclusion-confirm"
      />
    </ModalFrame>
  );
}
