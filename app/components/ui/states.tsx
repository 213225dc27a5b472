import { clsx } from "clsx";
import type { ReactNode } from "react";
import { Button, Spinner } from "./Button";
import { IconTile } from "./IconTile";
import { WarningIcon } from "./page-icons";

/**
 * What a list or a panel shows before, instead of or when it cannot have its content: loading, nothing there,
 * and failed with a way to try again. Every screen says these three the same way.
 */

/** Something is loading: pulsing rows in the shape of what comes (`rows`), or a spinner when the shape is unknown. */
export function Loading({
  rows,
  rowClassName = "h-24",
  className,
  testId,
}: {
  /** How many placeholder rows; a spinner when not given. */
  rows?: number;
  /** A placeholder row's height (and shape), like the rows that will come. */
  rowClassName?: string;
  className?: string;
  testId?: string;
}) {
  if (!rows)
    return (
      <div data-testid={testId} aria-busy="true" className={clsx("grid h-32 place-items-center", className)}>
        <Spinner className="size-6 text-muted" />
      </div>
    );
  return (
    <div data-testid={testId} aria-busy="true" className={clsx("grid gap-2", className)}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={clsx("animate-pulse rounded-xl bg-surface-2", rowClassName)} />
      ))}
    </div>
  );
}

/** Nothing to show (no bonuses yet, no messages): a quiet line in a dashed box, with a next step if any. */
export function Empty({
  children,
  action,
  icon,
  className,
  testId,
}: {
  children: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div
      data-testid={testId}
      className={clsx(
        "flex flex-col items-center gap-3 rounded-xl border border-dashed border-line bg-surface-2/40 px-4 py-8 text-center text-sm text-muted",
        className,
      )}
    >
      {icon && <IconTile className="bg-surface-2">{icon}</IconTile>}
      <p>{children}</p>
      {action}
    </div>
  );
}

/**
 * Loading failed: what went wrong in the screen's words and a button to try again; said as an alert, so a
 * screen reader hears it as it comes.
 */
export function Failed({
  children,
  hint,
  onRetry,
  retryLabel,
  className,
  testId,
}: {
  children: ReactNode;
  hint?: ReactNode;
  onRetry?: () => void;
  retryLabel?: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div
      role="alert"
      data-testid={testId}
      className={clsx(
        "flex flex-col items-center gap-3 rounded-xl border border-danger/40 bg-danger/10 px-4 py-6 text-center text-sm",
        className,
      )}
    >
      <IconTile className="bg-danger/15 text-danger" icon={WarningIcon} />
      <p className="font-semibold">{children}</p>
      {hint && <p className="text-muted">{hint}</p>}
      {onRetry && retryLabel && (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {retryLabel}
        </Button>
      )}
    </div>
  );
}
