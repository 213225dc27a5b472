import { clsx } from "clsx";
import type { ReactNode } from "react";
import { IconTile } from "./IconTile";

/** A section of a screen on its own surface: a title, a line under it and an action at the top right. */
export function Card({
  title,
  description,
  action,
  children,
  testId,
  className,
}: {
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    // min-w-0: in a grid or flex column a card may not grow past it for a long unbroken value (an e-mail
    // truncated inside a row still counts its whole width as the card's minimum otherwise: /profile/settings
    // was 420 px wide at 390).
    <section
      data-testid={testId}
      className={clsx("min-w-0 rounded-card border border-line bg-surface p-5 sm:p-6", className)}
    >
      {(title || action) && (
        <header className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            {title && <h2 className="text-lg font-bold">{title}</h2>}
            {description && <p className="mt-1 text-sm leading-relaxed text-muted">{description}</p>}
          </div>
          {action}
        </header>
      )}
      {children}
    </section>
  );
}

/**
 * One line of facts in a card: an icon, a label with its value, a status and an action at the end; rows
 * stack with a line between them.
 */
export function CardRow({
  icon,
  label,
  value,
  status,
  action,
  testId,
}: {
  icon: ReactNode;
  label: ReactNode;
  value: ReactNode;
  status?: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      data-testid={testId}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-line py-4 first:border-t-0 first:pt-0 last:pb-0"
    >
      <IconTile className="bg-surface-2 text-muted">{icon}</IconTile>
      {/* The value keeps room to be read (12rem): the status and actions wrap under it on a phone. */}
      <div className="min-w-0 flex-1 basis-48">
        <p className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</p>
        <p className="mt-0.5 truncate font-semibold">{value}</p>
      </div>
      {status}
      {action}
    </div>
  );
}
