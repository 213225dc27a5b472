import { useState } from "react";
import type { StaffMe } from "#common/api/admin";
import type { CannedAnswer } from "#common/api/admin-support";
import { Button } from "~/components/ui/Button";
import { FormField } from "~/components/ui/FormField";
import { Input, Textarea } from "~/components/ui/Input";
import { adminApi, can } from "~/features/admin/api";
import { errorText, ListState } from "~/features/admin/ui";
import { useSaveAndRefresh } from "../kit/EditableRow";
import { SaveOrCancel, submitWith } from "../kit/fields";
import { SUPPORT_KEYS } from "./live";
import { useCannedAnswers } from "./ReplyBox";

/** A canned answer's form: a new one, or an existing one to change. */
function CannedForm({ answer, onDone }: { answer?: CannedAnswer; onDone: () => void }) {
  const [title, setTitle] = useState(answer?.title ?? "");
  const [body, setBody] = useState(answer?.body ?? "");
  const save = useSaveAndRefresh(
    () =>
      answer
        ? adminApi.patch(`/admin/support/canned/${answer.id}`, { title, body })
        : adminApi.post("/admin/support/canned", { title, body }),
    SUPPORT_KEYS.canned,
    onDone,
  );
  return (
    <form
      className="grid gap-2 rounded-2xl border border-line bg-surface p-4"
      onSubmit={submitWith(() => save.mutate())}
    >
      <FormField label="Title">
        {(f) => <Input {...f} controlSize="sm" value={title} onChange={(e) => setTitle(e.target.value)} />}
      </FormField>
      <FormField label="Answer" error={save.error ? errorText(save.error) : undefined}>
        {(f) => <Textarea {...f} rows={3} value={body} onChange={(e) => setBody(e.target.value)} />}
      </FormField>
      <SaveOrCancel
        label={answer ? "Save" : "Add"}
        busy={save.isPending}
        disabled={title.trim().length < 2 || !body.trim()}
        onCancel={onDone}
      />
    </form>
  );
}

/** The canned answers staff insert into replies; support adds and edits them. */
export function CannedAnswers({ me }: { me: StaffMe }) {
  const list = useCannedAnswers();
  const [editing, setEditing] = useState<string | "new" | undefined>();
  const mayEdit = can(me, "support.canned");
  return (
    <div className="grid max-w-3xl gap-3" data-testid="canned-answers">
      {mayEdit && editing !== "new" && (
        <div>
          <Button size="sm" onClick={() => setEditing("new")}>
            Add a canned answer
          </Button>
        </div>
      )}
      {editing === "new" && <CannedForm onDone={() => setEditing(undefined)} />}
      <ListState
        loading={list.isPending}
        error={list.error}
        empty={list.data?.length === 0}
        emptyText="No canned answers yet."
      />
      <ul className="grid gap-2">
        {list.data?.map((a) =>
          editing === a.id ? (
            <li key={a.id}>
              <CannedForm answer={a} onDone={() => setEditing(undefined)} />
            </li>
          ) : (
            <li key={a.id} className="grid gap-1 rounded-2xl border border-line bg-surface p-4 text-sm">
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-bold">{a.title}</h3>
                {mayEdit && (
                  <Button size="xs" variant="ghost" onClick={() => setEditing(a.id)}>
                    Edit
                  </Button>
                )}
              </div>
              <p className="whitespace-pre-wrap text-muted">{a.body}</p>
            </li>
          ),
        )}
      </ul>
    </div>
  );
}
