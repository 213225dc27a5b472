import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/Button";
import { FormMessage, SecondaryButton } from "~/components/ui/Field";
import { useAction } from "~/components/ui/form";
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
