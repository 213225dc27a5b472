import type { ReactNode } from "react";

/** One of the player page's short lists (notes, payments, bets…): its rows, or a line saying there are none. */
export function RecordList<T>({
  items,
  emptyText,
  className = "grid gap-1.5 text-sm",
  children,
}: {
  items: readonly T[];
  emptyText: string;
  className?: string;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <p className="text-sm text-muted">{emptyText}</p>;
  return <ul className={className}>{items.map(children)}</ul>;
}

/** A fact of the player's profile: its name on the left, its value (or "—") on the right. */
export const FactRow = ({ label, value }: { label: string; value: ReactNode }) => (
  <div className="flex justify-between gap-4 border-t border-line py-2 text-sm first:border-t-0">
    <dt className="shrink-0 text-muted">{label}</dt>
    <dd className="text-right font-medium break-all">{value ?? "—"}</dd>
  </div>
);
