import { useState } from "react";
import type { AdminProvider } from "#common/api/admin-catalogue";
import { Button } from "~/components/ui/Button";
import { adminApi } from "../api";
import { Tag } from "../kit/badges";
import { EditableRow, useSaveAndRefresh } from "../kit/EditableRow";
import { RowError } from "../kit/errors";
import { submitWith } from "../kit/fields";
import { CATALOGUE_KEY } from "./queries";

/** A provider: its games, its place in the lobby's list (set in the row) and Hide/Show. */
export function ProviderRow({ provider, editable }: { provider: AdminProvider; editable: boolean }) {
  const [order, setOrder] = useState(String(provider.sortOrder));
  const reorder = useSaveAndRefresh(
    () => adminApi.patch(`/admin/catalogue/providers/${provider.id}`, { sortOrder: Number(order) }),
    CATALOGUE_KEY,
  );
  return (
    <EditableRow
      testId="admin-provider"
      refresh={CATALOGUE_KEY}
      editable={editable}
      headClassName="flex flex-wrap items-center gap-3"
      toggle={{
        on: provider.isEnabled,
        labels: ["Hide", "Show"],
        save: (isEnabled) => adminApi.patch(`/admin/catalogue/providers/${provider.id}`, { isEnabled }),
      }}
    >
      <img src={provider.logo} alt="" className="h-10 w-10 shrink-0 rounded-lg bg-surface-2 object-contain" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">{provider.name}</p>
        <p className="text-xs text-muted">
          {provider.gamesCount} games{provider.isDemoContent ? " · demo content" : ""}
        </p>
        <RowError error={reorder.error} />
      </div>
      {!provider.isEnabled && <Tag tone="danger">hidden</Tag>}
      {editable && (
        <form className="flex items-end gap-1.5" onSubmit={submitWith(() => reorder.mutate())}>
          <input
            aria-label={`Order of ${provider.name}`}
            type="number"
            value={order}
            onChange={(e) => setOrder(e.target.value)}
            className="h-9 w-20 rounded-lg border border-line bg-bg/60 px-2 text-sm"
          />
          <Button type="submit" size="sm" variant="ghost" disabled={reorder.isPending}>
            Set order
          </Button>
        </form>
      )}
    </EditableRow>
  );
}
