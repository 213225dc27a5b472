import type { AdminQuest } from "#common/api/admin-retention";
import { adminApi } from "../api";
import { Tag } from "../kit/badges";
import { EditableRow } from "../kit/EditableRow";
import { QuestEditor } from "./QuestEditor";
import { RETENTION_KEY } from "./queries";
import { TASK_NAMES } from "./quest-form";
import { RetentionProblem } from "./RetentionProblem";

/** A quest: its window, how many run and completed it, its tasks and rewards; Edit and the switch. */
export function QuestRow({ quest, editable }: { quest: AdminQuest; editable: boolean }) {
  return (
    <EditableRow
      testId="admin-quest"
      refresh={RETENTION_KEY}
      editable={editable}
      layout="below"
      className="grid min-w-0 gap-3 rounded-2xl border border-line bg-surface p-4"
      toggle={{
        on: quest.isEnabled,
        labels: ["Switch off", "Switch on"],
        save: (isEnabled) => adminApi.patch(`/admin/retention/quests/${quest.id}`, { isEnabled }),
      }}
      editor={(close) => <QuestEditor quest={quest} onDone={close} />}
      errorView={(error) => <RetentionProblem error={error} />}
    >
      <div className="flex min-w-0 flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{quest.name}</p>
          <p className="text-xs text-muted">
            {quest.identity}
            {quest.durationHours !== null && ` · runs ${quest.durationHours} h once taken`}
            {quest.endsAt && ` · offered until ${new Date(quest.endsAt).toUTCString().slice(5, 22)} UTC`}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {!quest.isEnabled && <Tag tone="danger">off</Tag>}
          {quest.runningCount > 0 && <Tag tone="accent">{quest.runningCount} running</Tag>}
          <Tag tone="muted">{quest.completedCount} completed</Tag>
        </div>
      </div>
      <ul className="grid gap-0.5 text-sm">
        {quest.tasks.map((t) => (
          <li key={t.id}>
            {TASK_NAMES[t.type] ?? t.type}: <strong>{t.quantity}</strong>
            {t.minMultiplier && ` at ×${t.minMultiplier}`}
            {t.gameKinds.length > 0 && ` · ${t.gameKinds.join(", ")}`}
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted">
        Reward: {quest.rewards.map((r) => r.name ?? `${r.bonusIdentity} (missing)`).join(", ")}
      </p>
    </EditableRow>
  );
}
