import { Button } from "./Button";
import { ErrorNote } from "./ErrorNote";

/**
 * The end of a confirmation, in a modal or a panel: what went wrong, then the safe choice first and the action
 * second (danger or not). Side by side and of one width from the small breakpoint, stacked on a phone.
 */
export function ConfirmChoices({
  cancel,
  onCancel,
  confirm,
  onConfirm,
  busy,
  disabled,
  danger,
  failure,
  testId,
}: {
  cancel: string;
  onCancel: () => void;
  confirm: string;
  onConfirm: () => void;
  busy?: boolean;
  disabled?: boolean;
  danger?: boolean;
  failure?: string;
  testId?: string;
}) {
  return (
    <>
      {failure && <ErrorNote className="mt-4">{failure}</ErrorNote>}
      <div className="mt-5 grid gap-2 sm:grid-cols-2">
        <Button variant="secondary" size="lg" onClick={onCancel}>
          {cancel}
        </Button>
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
