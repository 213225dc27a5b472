import { clsx } from "clsx";
import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";

/**
 * A table of records (invoices, spins, bonuses): a rounded frame that scrolls sideways on a narrow screen, a
 * quiet header row and lines between the rows. The parts are the HTML table's own, so the caller keeps the
 * columns and screen readers keep the table.
 */
export function Table({
  children,
  busy,
  className,
  testId,
}: {
  children: ReactNode;
  /** Dimmed while a new page loads over the old one. */
  busy?: boolean;
  className?: string;
  testId?: string;
}) {
  return (
    <div
      data-testid={testId}
      aria-busy={busy || undefined}
      className={clsx("overflow-x-auto rounded-2xl border border-line", busy && "opacity-60", className)}
    >
      <table className="w-full text-sm">{children}</table>
    </div>
  );
}

export function THead({ children }: { children: ReactNode }) {
  return (
    <thead className="bg-surface-2/60 text-left text-xs text-muted uppercase">
      <tr>{children}</tr>
    </thead>
  );
}

export function TBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-line">{children}</tbody>;
}

export function Tr({ className, ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={clsx("bg-surface", className)} {...rest} />;
}

/** A header cell; `align="right"` for amounts, so a column of figures lines up. */
export function Th({ className, align, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      className={clsx(
        "px-4 py-3 font-semibold whitespace-nowrap",
        align === "right" && "text-right",
        className,
      )}
      {...rest}
    />
  );
}

export function Td({ className, align, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={clsx("px-4 py-3", align === "right" && "text-right", className)} {...rest} />;
}
