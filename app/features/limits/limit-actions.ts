import { useState } from "react";
import { useAction } from "~/components/ui/form";
import { alert } from "~/lib/alerts";
import { useTranslation } from "~/lib/i18n-react";
import { useLimit, useReloadLimits } from "./api";
import { useLimitFormat } from "./format";

/**
 * A limits confirmation's action: `run` it from the confirm button; it is busy while out and its failure
 * is the server's words (or "try again").
 */
export function useLimitAction() {
  const { t } = useTranslation("layout");
  return useAction(t("profile.failed"));
}

/** When a change that protects less, asked for now, will apply: now + the cooling hours. */
export function useCoolingEnd(hours: number): string {
  const f = useLimitFormat();
  const [now] = useState(() => Date.now());
  return f.date(new Date(now + hours * 3_600_000).toISOString());
}

/**
 * A change to limit `id` that protects less, confirmed in a modal: it waits the cooling hours, and `when` is the
 * moment it will apply. `schedule` sends it, reloads the limits, says (`said`) from when it applies and closes.
 */
export function useCoolingChange(id: string, close: () => void) {
  const { t } = useTranslation("layout");
  const reload = useReloadLimits();
  const { limit, data } = useLimit(id);
  const hours = data?.options.coolingHours ?? 24;
  const when = useCoolingEnd(hours);
  const { run, busy, failure } = useLimitAction();
  const schedule = (
    call: () => Promise<unknown>,
    said: "profile.limits.scheduled" | "profile.limits.scheduledRemoval",
  ) =>
    run(async () => {
      await call();
      await reload();
      alert.success(t(said, { date: when }));
      close();
    });
  return { limit, data, hours, when, busy, failure, schedule };
}
