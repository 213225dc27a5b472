import { Loading } from "~/components/ui/states";

/** Loading, failed and empty states every back-office list shows the same way. */
export function ListState({
  loading,
  error,
  empty,
  emptyText,
}: {
  loading: boolean;
  error: unknown;
  empty: boolean;
  emptyText: string;
}) {
  if (loading) return <Loading rows={3} rowClassName="h-10" />;
  if (error)
    return (
      <p role="alert" className="text-sm text-danger">
        {error instanceof Error ? error.message : "Could not load this"}
      </p>
    );
  if (empty) return <p className="text-sm text-muted">{emptyText}</p>;
  return null;
}
