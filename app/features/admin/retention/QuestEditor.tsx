import { useState } from "react";
import type { AdminQuest } from "#common/api/admin-retention";
import { adminApi, useCan } from "../api";
import { useCollections } from "../catalogue/queries";
import { useSaveAndRefresh } from "../kit/EditableRow";
import { AdminCheck, SaveOrCancel, submitWith } from "../kit/fields";
import { QuestFields } from "./QuestFields";
import { QuestRewardsEditor } from "./QuestRewardsEditor";
import { QuestTasksEditor } from "./QuestTasksEditor";
import { RETENTION_KEY } from "./queries";
import { bodyOf, formOf, type QuestForm, tasksOf } from "./quest-form";
import { RetentionProblem } from "./RetentionProblem";

/** A quest's form, new or existing; a running quest keeps its tasks (they are not sent). */
export function QuestEditor({ quest, onDone }: { quest?: AdminQuest; onDone: () => void }) {
  const collections = useCollections(useCan("catalogue.read"));
  const [f, setF] = useState<QuestForm>(() => formOf(quest));
  const locked = (quest?.runningCount ?? 0) > 0;
  const save = useSaveAndRefresh(
    () =>
      quest
        ? adminApi.patch(`/admin/retention/quests/${quest.id}`, bodyOf(f, !locked))
        : adminApi.post("/admin/retention/quests", {
            identity: f.identity,
            ...bodyOf(f, true),
            tasks: tasksOf(f),
          }),
    RETENTION_KEY,
    onDone,
  );
  const submit = submitWith(() => save.mutate());
  return (
    <form
      onSubmit={submit}
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4"
      aria-label={quest ? `Edit ${quest.name}` : "New quest"}
    >
      <QuestFields form={f} isNew={!quest} onChange={setF} />
      <AdminCheck
        label="Offered to players"
        checked={f.isEnabled}
        onChange={(isEnabled) => setF({ ...f, isEnabled })}
      />
      <QuestTasksEditor
        tasks={f.tasks}
        runningCount={quest?.runningCount ?? 0}
        collections={collections.data ?? []}
        onChange={(tasks) => setF({ ...f, tasks })}
      />
      <QuestRewardsEditor
        rewards={f.rewards}
        running={locked}
        onChange={(rewards) => setF({ ...f, rewards })}
      />
      <SaveOrCancel
        label={quest ? "Save quest" : "Create quest"}
        disabled={save.isPending}
        onCancel={onDone}
        size="md"
        className="flex flex-wrap items-center gap-2"
      />
      <RetentionProblem error={save.error} />
    </form>
  );
}
