import type { ReactNode } from "react";

/**
 * One case a desk decides on (a withdrawal, a resettlement shortfall), as a row of its list: what is at stake,
 * who and why, and the decision, in `columns` side by side on a wide screen and stacked on a phone.
 */
export function CaseCard({
  testId,
  id,
  columns,
  children,
}: {
  testId: string;
  id: number | string;
  /** The wide screen's columns, a `md:grid-cols-[…]` class. */
  columns: string;
  children: ReactNode;
}) {
  return (
    <li
      className={`grid gap-3 rounded-2xl border border-line bg-surface p-4 ${columns}`}
      data-testid={testId}
      data-id={id}
    >
      {children}
    </li>
  );
}

/** The case's sum, large, at the head of its first column. */
export function CaseAmount({ amount, currency }: { amount: string; currency: string }) {
  return (
    <p className="text-lg font-extrabold tabular-nums">
      {amount} {currency}
    </p>
  );
}
