import { clsx } from "clsx";
import type { ReactNode } from "react";

/**
 * A loaded list's four states, checked in the order every list checks them: loading failed with nothing to
 * show, still loading (pulsing placeholders in the shape of the rows to come, so nothing moves when they
 * arrive), loaded and empty, and the rows. The screen brings its own words: its failure with a retry, its
 * empty state with a next step, and how it lays out the rows.
 */
export function ListStates<T>({
  items,
  failed,
  failure,
  placeholders,
  empty,
  children,
}: {
  /** The rows, or nothing yet (loading, or failed). */
  items: T[] | null | undefined;
  /** Whether loading failed: the failure is shown while there is nothing else to show. */
  failed: boolean;
  failure: ReactNode;
  placeholders: {
    count: number;
    /** A placeholder's size and corners, like the row that will come. */
    rowClassName: string;
    /** The placeholders' layout, the rows' own (a column by default). */
    className?: string;
  };
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  if (!items && failed) return failure;
  if (!items)
    return (
      <div aria-busy="true" className={placeholders.className ?? "grid gap-2"}>
        {Array.from({ length: placeholders.count }, (_, i) => (
          <div key={i} className={clsx(placeholders.rowClassName, "animate-pulse bg-surface-2")} />
        ))}
      </div>
    );
  if (items.length === 0) return empty;
  return children(items);
}
