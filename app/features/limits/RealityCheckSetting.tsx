import { Pressable } from "~/components/ui/Button";
import { Card } from "~/components/ui/Card";
import { ErrorNote } from "~/components/ui/ErrorNote";
import { FormMessage, Spinner } from "~/components/ui/Field";
import { BellIcon } from "~/components/ui/icons";
import { useIntlLocale } from "~/features/wallet/ui";
import { alert } from "~/lib/alerts";
import { useTranslation } from "~/lib/i18n-react";
import { useLimitAction } from "./limit-actions";
import {
  formatLength,
  offeredIntervals,
  realityCheckApi,
  useRealityCheck,
  useStoreRealityCheck,
} from "./reality-check";

const MINUTE = 60_000;

/**
 * The reality check's setting on /profile/limits (RTS 13): the operator's intervals and "off", one press
 * each; a choice applies at once and the reminder's timer follows it.
 */
export function RealityCheckSetting() {
  const { t } = useTranslation("layout");
  const locale = useIntlLocale();
  const q = useRealityCheck();
  const store = useStoreRealityCheck();
  const { run, busy, failure } = useLimitAction();
  const data = q.data;
  const length = (minutes: number) => formatLength(minutes * MINUTE, locale);

  const choose = (minutes: number) =>
    run(async () => {
      const saved = await realityCheckApi.set(minutes);
      store(saved);
      alert.success(
        minutes
          ? t("profile.limits.reality.saved", { length: length(minutes) })
          : t("profile.limits.reality.savedOff"),
      );
    });

  const options = data ? [...offeredIntervals(data), 0] : [];
  const time = new Intl.DateTimeFormat(locale, { timeStyle: "short" });
  return (
    <Card
      testId="reality-check"
      title={
        <span className="flex items-center gap-2">
          <BellIcon size={18} className="text-accent" />
          {t("profile.limits.reality.title")}
        </span>
      }
      description={t("profile.limits.reality.description")}
    >
      {q.isError && !data ? (
        <ErrorNote onRetry={() => q.refetch()} retryLabel={t("profile.retry")}>
          {t("profile.failed")}
        </ErrorNote>
      ) : !data ? (
        <div className="h-10 w-full max-w-md animate-pulse rounded-xl bg-surface-2" aria-busy="true" />
      ) : (
        <>
          <p
            id="reality-check-label"
            className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase"
          >
            {t("profile.limits.reality.label")}
          </p>
          <div role="radiogroup" aria-labelledby="reality-check-label" className="flex flex-wrap gap-2">
            {options.map((m) => {
              const on = data.intervalMinutes === m;
              return (
                <Pressable
                  key={m}
                  role="radio"
                  aria-checked={on}
                  disabled={busy}
                  data-testid={`reality-check-${m}`}
                  onClick={() => !on && choose(m)}
                  className={`inline-flex h-10 items-center gap-2 rounded-xl border px-4 text-sm font-semibold transition disabled:opacity-60 ${
                    on
                      ? "border-accent bg-accent/15 text-fg"
                      : "border-line text-muted hover:border-accent/60 hover:bg-surface-2 hover:text-fg"
                  }`}
                >
                  {m ? length(m) : t("profile.limits.reality.off")}
                </Pressable>
              );
            })}
            {busy && <Spinner className="self-center" />}
          </div>
          <p className="mt-3 text-sm text-muted" data-testid="reality-check-status">
            {!data.chosen
              ? t(
                  data.intervalMinutes
                    ? "profile.limits.reality.defaultOn"
                    : "profile.limits.reality.defaultOff",
                )
              : data.nextAt
                ? t("profile.limits.reality.next", { time: time.format(new Date(data.nextAt)) })
                : null}
          </p>
          <div className="mt-3">
            <FormMessage>{failure}</FormMessage>
          </div>
        </>
      )}
    </Card>
  );
}
