import { useQuery } from "@tanstack/react-query";
import { adminApi } from "../api";
import { AdminList } from "../kit/AdminList";
import { LevelRow } from "./LevelRow";
import { RETENTION_KEY } from "./queries";

/** The loyalty levels, each editable in place. */
export function LoyaltyTab({ editable }: { editable: boolean }) {
  const list = useQuery({
    queryKey: [...RETENTION_KEY, "levels"],
    queryFn: async () => (await adminApi.get("/admin/retention/loyalty/levels")).data,
  });
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
      <p className="text-sm text-muted">
        Each level needs more points than the one below it. Nobody loses a level they reached when its
        threshold rises; a player already past a lowered threshold reaches that level, with its reward, on
        their next bet.
      </p>
      <AdminList
        query={list}
        items={list.data}
        // A saved level comes back as a new row, so its form starts from what was saved.
        itemKey={(l) => `${l.id}:${l.points}:${l.name}`}
        emptyText="No levels."
        className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3"
      >
        {(l) => <LevelRow level={l} editable={editable} />}
      </AdminList>
    </div>
  );
}
