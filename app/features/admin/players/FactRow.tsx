import type { ReactNode } from "react";

/** The player page's lists come with the page: they are never loading or failed on their own. */
export const LOADED = { isPending: false, error: null } as const;
export const byId = (row: { id: string | number }) => String(row.id);

/** A fact of the player's profile: its name on the left, its value (or "—") on the right. */
export const FactRow = ({ label, value }: { label: string; value: ReactNode }) => (
  <div className="flex justify-between gap-4 border-t border-line py-2 text-sm first:border-t-0">
    <dt className="shrink-0 text-muted">{label}</dt>
    <dd className="text-right font-medium break-all">{value ?? "—"}</dd>
  </div>
);
