import type { ContentState } from "#common/api/admin-content";

const STATE_TONE: Record<ContentState, string> = {
  file: "bg-surface-2 text-muted",
  edited: "bg-accent/15 text-accent",
  new: "bg-success/15 text-success",
  missing: "bg-danger/15 text-danger",
};

/** Where a text comes from (the file, staff's edit, only the database, or missing), with its locale. */
export function StateBadge({ locale, state }: { locale?: string; state: ContentState }) {
  return (
    <span
      data-testid="admin-content-state"
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-bold ${STATE_TONE[state]}`}
    >
      {locale ? `${locale.toUpperCase()} ${state}` : state}
    </span>
  );
}
