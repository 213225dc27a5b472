import type { AdminCollection } from "#common/api/admin-catalogue";
import { Button } from "~/components/ui/Button";
import { blankTask, type TaskForm } from "./quest-form";
import { TaskEditor } from "./TaskEditor";

/** A quest's goals (up to 10); locked while players run it, as their progress counts toward them. */
export function QuestTasksEditor({
  tasks,
  runningCount,
  collections,
  onChange,
}: {
  tasks: TaskForm[];
  runningCount: number;
  collections: AdminCollection[];
  onChange: (tasks: TaskForm[]) => void;
}) {
  const locked = runningCount > 0;
  return (
    <div className="grid min-w-0 gap-2">
      <h3 className="text-sm font-bold">Tasks</h3>
      {locked && (
        <p className="text-sm text-muted" data-testid="admin-quest-locked">
          {runningCount} players have this quest running, so its tasks cannot change: their progress counts
          toward the goal they took. Switch it off and offer a new quest to change the goal.
        </p>
      )}
      {tasks.map((t, i) => (
        <TaskEditor
          key={i}
          task={t}
          index={i}
          locked={locked}
          collections={collections}
          onChange={(task) => onChange(tasks.map((x, j) => (j === i ? task : x)))}
          onRemove={tasks.length > 1 ? () => onChange(tasks.filter((_, j) => j !== i)) : undefined}
        />
      ))}
      {!locked && tasks.length < 10 && (
        <div>
          <Button size="sm" variant="secondary" onClick={() => onChange([...tasks, blankTask()])}>
            Add task
          </Button>
        </div>
      )}
    </div>
  );
}
