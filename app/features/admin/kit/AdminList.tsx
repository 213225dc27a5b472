import { Fragment, type ReactNode } from "react";
import type { PageMeta } from "#common/api/paging";
import { Pager } from "~/components/ui/Pager";
import { Table, TBody, THead } from "~/components/ui/Table";
import { pageLabel } from "./format";
import { ListState } from "./ListState";

/** What a list needs of its query: TanStack Query's result has both. */
export interface ListQuery {
  isPending: boolean;
  error: unknown;
}

interface ListProps<T> {
  query: ListQuery;
  /** The rows on show (the page, or the filtered list); undefined before the first answer. */
  items: readonly T[] | undefined;
  itemKey: (item: T) => string | number;
  /** What the list says when nothing matches. */
  emptyText: string;
  /** The filter bar above the list. */
  filters?: ReactNode;
  /** The page meta of a paged list: the pager under it, in the address's `?page=N` unless `onPage` is given. */
  meta?: PageMeta;
  page?: number;
  onPage?: (page: number) => void;
  testId?: string;
}

/** Filters, then loading / failed / nothing-here, the rows once there are some, then the pager. */
function ListFrame<T>({
  query,
  items,
  emptyText,
  filters,
  meta,
  page,
  onPage,
  rows,
}: Omit<ListProps<T>, "itemKey" | "testId"> & { rows: (items: readonly T[]) => ReactNode }) {
  return (
    <>
      {filters}
      <ListState
        loading={query.isPending}
        error={query.error}
        empty={items?.length === 0}
        emptyText={emptyText}
      />
      {items && items.length > 0 && rows(items)}
      {meta && <Pager meta={meta} label={pageLabel} page={page} onPage={onPage} />}
    </>
  );
}

/**
 * A back-office list: its filters, then loading / failed / nothing-here said the same way on every screen,
 * the rows (each the caller's `<li>`, usually an EditableRow) and the pager. It adds no box of its own: the
 * screen's grid spaces the parts.
 */
export function AdminList<T>({
  itemKey,
  testId,
  className = "grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2",
  children,
  ...frame
}: ListProps<T> & { className?: string; children: (item: T) => ReactNode }) {
  return (
    <ListFrame
      {...frame}
      rows={(items) => (
        <ul className={className} data-testid={testId}>
          {items.map((item) => (
            <Fragment key={itemKey(item)}>{children(item)}</Fragment>
          ))}
        </ul>
      )}
    />
  );
}

/** AdminList as a table: `head` is the header row's cells (Th), each row the caller's `<Tr>`. */
export function AdminTable<T>({
  itemKey,
  testId,
  head,
  children,
  ...frame
}: ListProps<T> & { head: ReactNode; children: (item: T) => ReactNode }) {
  return (
    <ListFrame
      {...frame}
      rows={(items) => (
        <Table testId={testId}>
          <THead>{head}</THead>
          <TBody>
            {items.map((item) => (
              <Fragment key={itemKey(item)}>{children(item)}</Fragment>
            ))}
          </TBody>
        </Table>
      )}
    />
  );
}
