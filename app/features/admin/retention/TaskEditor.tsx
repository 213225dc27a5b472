import type { AdminCollection } from "#common/api/admin-catalogue";
import type { QuestTaskType } from "#common/api/quests";
import { Button } from "~/components/ui/Button";
import { AdminCheck, AdminField, AdminSelect } from "../kit/fields";
import { CASINO, GAME_KINDS, TASK_TYPES, type TaskForm } from "./quest-form";

const toggle = <T extends string>(list: T[], v: T) =>
  list.includes(v) ? list.filter((x) => x !== v) : [...list, v];

/** One goal of a quest: what counts, how much, and (for casino goals) which games count. */
export function TaskEditor({
  task,
  index,
  locked,
  collections,
  onChange,
  onRemove,
}: {
  task: TaskForm;
  index: number;
  locked: boolean;
  collections: AdminCollection[];
  onChange: (t: TaskForm) => void;
  onRemove?: () => void;
}) {
  return (
    <fieldset
      disabled={locked}
      className="grid min-w-0 gap-3 rounded-xl border border-line p-3 disabled:opacity-60"
      aria-label={`Task ${index + 1}`}
    >
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-3">
        <AdminSelect
          label="Goal"
          value={task.type}
          onChange={(type) => onChange({ ...task, type: type as QuestTaskType })}
        >
          {TASK_TYPES.map(([t, label]) => (
            <option key={t} value={t}>
              {label}
            </option>
          ))}
        </AdminSelect>
        <AdminField
          label={
            task.type === "wager" || task.type === "deposit"
              ? "Target amount (base currency)"
              : "Target count"
          }
          inputMode="decimal"
          value={task.quantity}
          onChange={(quantity) => onChange({ ...task, quantity })}
        />
        {task.type === "win-multiplier" ? (
          <AdminField
            label="Least multiplier (×)"
            inputMode="decimal"
            value={task.minMultiplier}
            onChange={(minMultiplier) => onChange({ ...task, minMultiplier })}
          />
        ) : (
          <span />
        )}
      </div>
      {CASINO.includes(task.type) && (
        <div className="grid min-w-0 gap-2">
          <p className="text-xs font-semibold text-muted">Game kinds counted (none ticked: every kind)</p>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {GAME_KINDS.map((k) => (
              <AdminCheck
                key={k}
                label={k}
                checked={task.gameKinds.includes(k)}
                onChange={() => onChange({ ...task, gameKinds: toggle(task.gameKinds, k) })}
              />
            ))}
          </div>
          {collections.length > 0 && (
            <p className="text-xs font-semibold text-muted">Collections counted (none ticked: every game)</p>
          )}
          {collections.length > 0 && (
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {collections.map((c) => (
                <AdminCheck
                  key={c.id}
                  label={c.name}
                  checked={task.collectionIds.includes(c.id)}
                  onChange={() => onChange({ ...task, collectionIds: toggle(task.collectionIds, c.id) })}
                />
              ))}
            </div>
          )}
        </div>
      )}
      {onRemove && !locked && (
        <div>
          <Button size="sm" variant="ghost" onClick={onRemove}>
            Remove task
          </Button>
        </div>
      )}
    </fieldset>
  );
}
