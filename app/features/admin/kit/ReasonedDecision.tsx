import type { QueryKey } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Button } from "~/components/ui/Button";
import { useSaveAndRefresh } from "./EditableRow";
import { ErrorAlert } from "./errors";
import { ReasonForm } from "./ReasonForm";

/**
 * A case's decision (a withdrawal, a shortfall): a straight action (approve, collect) beside one that is kept
 * with a reason (reject, write off), whose button opens the reason in place; what failed shows under it.
 */
export function ReasonedDecision<A extends string>({
  save,
  refresh,
  action,
  reasoned,
  before,
  after,
}: {
  /** Takes `action` (with the reason typed, for the reasoned one). */
  save: (action: A, reason: string) => Promise<unknown>;
  refresh: QueryKey;
  /** The straight action's button, when it may be taken now. */
  action?: { value: A; label: ReactNode; testId: string };
  /** The action that asks why: its button (`open`) and the reason's form. */
  reasoned: { value: A; open: string; openTestId: string; label: string; submit: ReactNode; testId: string };
  /** Said while the buttons show, above them and below them. */
  before?: ReactNode;
  after?: ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");
  const act = useSaveAndRefresh((a: A) => save(a, reason), refresh);
  return (
    <div className="grid gap-2">
      {!asking && before}
      {asking ? (
        <ReasonForm
          label={reasoned.label}
          reason={reason}
          onReason={setReason}
          busy={act.isPending}
          onSubmit={() => act.mutate(reasoned.value)}
          onBack={() => setAsking(false)}
          submit={reasoned.submit}
          testId={reasoned.testId}
        />
      ) : (
        <div className="flex flex-wrap gap-1.5">
          {action && (
            <Button
              size="sm"
              disabled={act.isPending}
              onClick={() => act.mutate(action.value)}
              data-testid={action.testId}
            >
              {action.label}
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            disabled={act.isPending}
            onClick={() => setAsking(true)}
            data-testid={reasoned.openTestId}
          >
            {reasoned.open}
          </Button>
        </div>
      )}
      {!asking && after}
      <ErrorAlert error={act.error} className="text-xs text-danger" />
    </div>
  );
}
