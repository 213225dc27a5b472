import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/Button";
import { FormMessage, SecondaryButton } from "~/components/ui/Field";
import { useAction } from "~/components/ui/form";
import { alert } from "~/lib/alerts";
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

/** The end of a confirmation: the failure, then "keep as it is" and the action, danger or not. */
export function ConfirmActions({
  failure,
  busy,
  disabled,
  cancel,
  onCancel,
  confirm,
  onConfirm,
  danger,
  testId,
}: {
  failure?: string;
  busy: boolean;
  disabled?: boolean;
  cancel: string;
  onCancel: () => void;
  confirm: string;
  onConfirm: () => void;
  danger?: boolean;
  testId: string;
}) {
  return (
    <>
      <FormMessage>{failure}</FormMessage>
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <SecondaryButton onClick={onCancel}>{cancel}</SecondaryButton>
        <Button
          variant={danger ? "danger" : "primary"}
          size="lg"
          onClick={onConfirm}
          busy={busy}
          disabled={disabled}
          data-testid={testId}
        >
          {confirm}
        </Button>
      </div>
    </>
  );
}
