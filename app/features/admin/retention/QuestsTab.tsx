import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "~/components/ui/Button";
import { adminApi } from "../api";
import { AdminList } from "../kit/AdminList";
import { Panel } from "../kit/Panel";
import { QuestEditor } from "./QuestEditor";
import { QuestRow } from "./QuestRow";
import { RETENTION_KEY } from "./queries";

/** The quests offered to players, and a new one for marketing. */
export function QuestsTab({ editable }: { editable: boolean }) {
  const [creating, setCreating] = useState(false);
  const list = useQuery({
    queryKey: [...RETENTION_KEY, "quests"],
    queryFn: async () => (await adminApi.get("/admin/retention/quests")).data,
  });
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      {editable &&
        (creating ? (
          <Panel title="New quest">
            <QuestEditor onDone={() => setCreating(false)} />
          </Panel>
        ) : (
          <div>
            <Button onClick={() => setCreating(true)}>New quest</Button>
          </div>
        ))}
      <AdminList
        query={list}
        items={list.data}
        emptyText="No quests yet."
        className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3"
      >
        {(q) => <QuestRow quest={q} editable={editable} />}
      </AdminList>
    </div>
  );
}
