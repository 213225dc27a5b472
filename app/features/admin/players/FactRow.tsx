import type { ReactNode } from "react";
import { AdminList } from "../kit/AdminList";

/** The player page's lists come with the page: they are never loading or failed on their own. */
const LOADED = { isPending: false, error: null } as const;

/**
 * A list that came with the player page (invoices, bets, notes…): each row a `<li>` (by default a record
 * line, what it is on the left and its figures on the right), `emptyText` when there is none.
 */
export function PageList<T extends { id: string | number }>({
  items,
  emptyText,
  className = "grid gap-1.5 text-sm",
  itemClassName = "flex justify-between gap-3",
  children,
}: {
  items: readonly T[];
  emptyText: string;
  className?: string;
  itemClassName?: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <AdminList query={LOADED} items={items} emptyText={emptyText} className={className}>
      {(item) => <li className={itemClassName}>{children(item)}</li>}
    </AdminList>
  );
}

/** A fact of the player's profile: its name on the left, its value (or "—") on the right. */
export const FactRow = ({ label, value }: { label: string; value: ReactNode }) => (
  <div className="flex justify-between gap-4 border-t border-line py-2 text-sm first:border-t-0">
    <dt className="shrink-0 text-muted">{label}</dt>
    <dd className="text-right font-medium break-all">{value ?? "—"}</dd>
  </div>
);
