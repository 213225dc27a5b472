import { useState } from "react";
import type { AdminLoyaltyLevel } from "#common/api/admin-retention";
import { Button } from "~/components/ui/Button";
import { adminApi } from "../api";
import { Tag } from "../kit/badges";
import { rowClass, useSaveAndRefresh } from "../kit/EditableRow";
import { AdminField, bindFields, submitWith } from "../kit/fields";
import { RETENTION_KEY } from "./queries";
import { RetentionProblem } from "./RetentionProblem";

/** "USD 5, EUR 4.5" ↔ [{ currency, amount }]. */
const amountsText = (list: { currency: string; amount: string }[]) =>
  list.map((a) => `${a.currency} ${a.amount}`).join(", ");
const amountsOf = (text: string) =>
  text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const [currency = "", amount = ""] = p.split(/\s+/);
      return { currency: currency.toUpperCase(), amount };
    });

/** A loyalty level as a form always open: its name, threshold and the reward for reaching it. */
export function LevelRow({ level, editable }: { level: AdminLoyaltyLevel; editable: boolean }) {
  const [f, setF] = useState({
    name: level.name,
    points: level.points,
    rewardPoints: level.rewards.points ?? "",
    bonus: amountsText(level.rewards.bonus?.amounts ?? []),
    wagering: level.rewards.bonus?.wageringMultiplier ?? "10",
  });
  const bind = bindFields(f, setF);
  const save = useSaveAndRefresh(
    () =>
      adminApi.patch(`/admin/retention/loyalty/levels/${level.id}`, {
        name: f.name,
        points: f.points,
        rewardPoints: f.rewardPoints.trim() === "" ? null : f.rewardPoints,
        rewardBonus:
          f.bonus.trim() === "" ? null : { amounts: amountsOf(f.bonus), wageringMultiplier: f.wagering },
      }),
    RETENTION_KEY,
  );
  return (
    <li className={rowClass()} data-testid="admin-level">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-semibold">
          Level {level.order}: {level.name}
        </p>
        <Tag tone="muted">{level.playersOnLevel} players on it</Tag>
      </div>
      <form
        className="grid min-w-0 grid-cols-[minmax(0,1fr)] items-end gap-3 sm:grid-cols-[repeat(5,minmax(0,1fr))_auto]"
        onSubmit={submitWith(() => save.mutate())}
      >
        <fieldset disabled={!editable} className="contents">
          <AdminField label="Name" {...bind("name")} />
          <AdminField label="Points needed" inputMode="decimal" {...bind("points")} />
          <AdminField
            label="Reward points"
            inputMode="decimal"
            placeholder="none"
            {...bind("rewardPoints")}
          />
          <AdminField label="Reward bonus" placeholder="none (as: USD 5, EUR 5)" {...bind("bonus")} />
          <AdminField label="Bonus wagering (×)" inputMode="decimal" {...bind("wagering")} />
        </fieldset>
        {editable && (
          <Button type="submit" disabled={save.isPending}>
            Save
          </Button>
        )}
      </form>
      {save.isSuccess && !save.isPending && <p className="text-xs text-success">Saved.</p>}
      <RetentionProblem error={save.error} />
    </li>
  );
}
