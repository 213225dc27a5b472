import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { AdminPlayerPage } from "#common/api/admin-player";
import { Button } from "~/components/ui/Button";
import { ADMIN_KEYS, adminApi } from "../api";
import { AdminField, Panel, when } from "../ui";
import { RecordList } from "./RecordList";

function NoteForm({ playerId }: { playerId: string }) {
  const client = useQueryClient();
  const [body, setBody] = useState("");
  const add = useMutation({
    mutationFn: () => adminApi.post(`/admin/players/${playerId}/notes`, { body }),
    onSuccess: () => {
      setBody("");
      void client.invalidateQueries({ queryKey: ADMIN_KEYS.player(playerId) });
    },
  });
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
        <RecordList items={notes} emptyText="No notes yet." className="grid gap-2">
          {(n) => (
            <li key={n.id} className="rounded-xl bg-bg/60 p-3 text-sm">
              <p>{n.body}</p>
              <p className="mt-1 text-xs text-muted">
                {n.staff} · {when(n.createdAt)}
              </p>
            </li>
          )}
        </RecordList>
      </div>
    </Panel>
  );
}
