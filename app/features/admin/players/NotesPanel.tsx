import { type FormEvent, useState } from "react";
import type { AdminPlayerPage } from "#common/api/admin-player";
import { Button } from "~/components/ui/Button";
import { ADMIN_KEYS, adminApi } from "../api";
import { useSaveAndRefresh } from "../kit/EditableRow";
import { AdminField } from "../kit/fields";
import { when } from "../kit/format";
import { Panel } from "../kit/Panel";
import { PageList } from "./FactRow";

function NoteForm({ playerId }: { playerId: string }) {
  const [body, setBody] = useState("");
  const add = useSaveAndRefresh(
    () => adminApi.post(`/admin/players/${playerId}/notes`, { body }),
    ADMIN_KEYS.player(playerId),
    () => setBody(""),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (body.trim()) add.mutate();
  };
  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <div className="flex-1">
        <AdminField label="New note" value={body} onChange={setBody} maxLength={2000} />
      </div>
      <Button type="submit" size="sm" disabled={add.isPending || !body.trim()}>
        Add
      </Button>
    </form>
  );
}

/** Staff's notes on the player, newest first, and a new one for staff who may write them. */
export function NotesPanel({
  playerId,
  notes,
  writes,
}: {
  playerId: string;
  notes: AdminPlayerPage["notes"];
  writes: boolean;
}) {
  return (
    <Panel title="Notes" testId="admin-player-notes">
      <div className="grid gap-3">
        {writes && <NoteForm playerId={playerId} />}
        <PageList
          items={notes}
          emptyText="No notes yet."
          className="grid gap-2"
          itemClassName="rounded-xl bg-bg/60 p-3 text-sm"
        >
          {(n) => (
            <>
              <p>{n.body}</p>
              <p className="mt-1 text-xs text-muted">
                {n.staff} · {when(n.createdAt)}
              </p>
            </>
          )}
        </PageList>
      </div>
    </Panel>
  );
}
