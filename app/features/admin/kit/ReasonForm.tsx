import type { ReactNode } from "react";
import { Button } from "~/components/ui/Button";
import { AdminField } from "./fields";

/**
 * A decision that needs a reason kept with it (reject a withdrawal, write a shortfall off): the reason, 3 to
 * 500 characters, then the action (open once the reason is long enough and nothing is on its way) or back.
 */
export function ReasonForm({
  label,
  reason,
  onReason,
  busy,
  onSubmit,
  onBack,
  submit,
  testId,
}: {
  label: string;
  reason: string;
  onReason: (reason: string) => void;
  busy: boolean;
  onSubmit: () => void;
  onBack: () => void;
  submit: ReactNode;
  testId: string;
}) {
  return (
    <form
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <AdminField
        label={label}
        value={reason}
        onChange={onReason}
        minLength={3}
        maxLength={500}
        required
        data-testid={testId}
      />
      <div className="flex flex-wrap gap-1.5">
        <Button size="sm" type="submit" disabled={busy || reason.trim().length < 3}>
          {submit}
        </Button>
        <Button size="sm" variant="ghost" onClick={onBack}>
          Back
        </Button>
      </div>
    </form>
  );
}
