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

/** A paged API list's query: its data is the API's page, the rows and the page meta. */
export interface PagedQuery<T> extends ListQuery {
  data?: { data: readonly T[]; meta: PageMeta };
}

/** Where a list's rows come from: a paged API list's query, or a query and the rows it gave. */
type Source<T> =
  | { paged: PagedQuery<T>; query?: never; items?: never; meta?: never }
  | {
      paged?: never;
      query: ListQuery;
      /** The rows on show (the page, or the filtered list); undefined before the first answer. */
      items: readonly T[] | undefined;
      /** The page meta of a paged list: the pager under it. */
      meta?: PageMeta;
    };

type ListProps<T> = Source<T> & {
  /** What tells the rows apart: by default their `id`. */
  itemKey?: (item: T) => string | number;
  /** What the list says when nothing matches. */
  emptyText: string;
  /** The filter bar above the list. */
  filters?: ReactNode;
  /** The pager's page, in the address's `?page=N` unless `onPage` is given. */
  page?: number;
  onPage?: (page: number) => void;
  testId?: string;
};

const byId = (item: unknown) => (item as { id: string | number }).id;

/** The rows of each item, keyed. */
const keyed = <T,>(items: readonly T[], itemKey: (item: T) => string | number, row: (item: T) => ReactNode) =>
  items.map((item) => <Fragment key={itemKey(item)}>{row(item)}</Fragment>);

/** Filters, then loading / failed / nothing-here, the rows once there are some, then the pager. */
function ListFrame<T>({
  emptyText,
  filters,
  page,
  onPage,
  rows,
  ...source
}: Source<T> & {
  emptyText: string;
  filters?: ReactNode;
  page?: number;
  onPage?: (page: number) => void;
  rows: (items: readonly T[]) => ReactNode;
}) {
  const query = source.paged ?? source.query;
  const items = source.paged ? source.paged.data?.data : source.items;
  const meta = source.paged ? source.paged.data?.meta : source.meta;
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
  itemKey = byId,
  testId,
  className = "grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2",
  children,
  ...frame
}: ListProps<T> & { className?: string; children: (item: T) => ReactNode }) {
  return (
    <ListFrame<T>
      {...frame}
      rows={(items) => (
        <ul className={className} data-testid={testId}>
          {keyed(items, itemKey, children)}
        </ul>
      )}
    />
  );
}

/** AdminList as a table: `head` is the header row's cells (Th), each row the caller's `<Tr>`. */
export function AdminTable<T>({
  itemKey = byId,
  testId,
  head,
  children,
  ...frame
}: ListProps<T> & { head: ReactNode; children: (item: T) => ReactNode }) {
  return (
    <ListFrame<T>
      {...frame}
      rows={(items) => (
        <Table testId={testId}>
          <THead>{head}</THead>
          <TBody>{keyed(items, itemKey, children)}</TBody>
        </Table>
      )}
    />
  );
}
