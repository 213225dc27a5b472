import { clsx } from "clsx";
import type { ReactNode } from "react";
import { Button } from "./Button";

const BOX = "rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm";

/**
 * A call failed or was refused, inside a form, a modal or a card: the server's words (or "try again") in a red
 * box, said as an alert so a screen reader hears it as it comes. With `onRetry`, a quiet retry at the line's
 * end. (`Failed` in states.tsx is the larger one that stands in for a whole list or panel.)
 */
export function ErrorNote({
  children,
  onRetry,
  retryLabel,
  className,
}: {
  children: ReactNode;
  onRetry?: () => void;
  retryLabel?: ReactNode;
  className?: string;
}) {
  if (onRetry)
    return (
      <div role="alert" className={clsx("flex flex-wrap items-center justify-between gap-3", BOX, className)}>
        {children}
        <Button variant="inline" onClick={onRetry}>
          {retryLabel}
        </Button>
      </div>
    );
  return (
    <p role="alert" className={clsx(BOX, className)}>
      {children}
    </p>
  );
}
