import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminCollection, AdminCollectionGame } from "#common/api/admin-catalogue";
import { Button } from "~/components/ui/Button";
import { adminApi } from "../api";
import { Tag } from "../kit/badges";
import { useSaveAndRefresh } from "../kit/EditableRow";
import { RowError } from "../kit/errors";
import { ListState } from "../kit/ListState";
import { CATALOGUE_KEY } from "./queries";

/** A collection's games in their order, moved up and down or taken out, then saved at once. */
export function CollectionGameOrder({
  collection,
  editable,
}: {
  collection: AdminCollection;
  editable: boolean;
}) {
  const list = useQuery({
    queryKey: [...CATALOGUE_KEY, "collection-games", collection.id],
    queryFn: async () => (await adminApi.get(`/admin/catalogue/collections/${collection.id}/games`)).data,
  });
  const [order, setOrder] = useState<AdminCollectionGame[] | undefined>();
  const shown = order ?? list.data ?? [];
  const save = useSaveAndRefresh(
    () =>
      adminApi.put(`/admin/catalogue/collections/${collection.id}/games`, {
        gameIds: shown.map((g) => g.id),
      }),
    CATALOGUE_KEY,
    () => setOrder(undefined),
  );
  const move = (i: number, by: number) => {
    const next = [...shown];
    const [g] = next.splice(i, 1);
    next.splice(i + by, 0, g!);
    setOrder(next);
  };
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2 border-t border-line pt-3">
      <ListState
        loading={list.isPending}
        error={list.error}
        empty={shown.length === 0}
        emptyText="No games yet: add them from a game's editor (Games tab)."
      />
      <ol className="grid min-w-0 grid-cols-[minmax(0,1fr)] max-h-96 gap-1 overflow-y-auto">
        {shown.map((g, i) => (
          <li key={g.id} className="flex items-center gap-2 rounded-xl bg-bg/40 px-2 py-1.5 text-sm">
            <span className="w-7 shrink-0 text-right text-xs text-muted">{i + 1}</span>
            <span className="min-w-0 flex-1 truncate">
              {g.name} <span className="text-xs text-muted">· {g.providerName}</span>
              {!g.isEnabled && (
                <>
                  {" "}
                  <Tag tone="danger">hidden</Tag>
                </>
              )}
            </span>
            {editable && (
              <span className="flex shrink-0 gap-1">
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Move ${g.name} up`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  ↑
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Move ${g.name} down`}
                  disabled={i === shown.length - 1}
                  onClick={() => move(i, 1)}
                >
                  ↓
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove ${g.name}`}
                  onClick={() => setOrder(shown.filter((x) => x.id !== g.id))}
                >
                  ✕
                </Button>
              </span>
            )}
          </li>
        ))}
      </ol>
      <RowError error={save.error} />
      {order && (
        <div className="flex gap-2">
          <Button size="sm" disabled={save.isPending} onClick={() => save.mutate()}>
            Save order
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setOrder(undefined)}>
            Undo
          </Button>
        </div>
      )}
    </div>
  );
}
