import { Button } from "~/components/ui/Button";
import { AdminSelect } from "../kit/fields";
import { useBonuses } from "./queries";
import type { RewardForm } from "./quest-form";

/** What completing a quest gives (up to 5 bonuses): fixed bonuses or free-spin packages. */
export function QuestRewardsEditor({
  rewards,
  running,
  onChange,
}: {
  rewards: RewardForm[];
  /** Players run the quest now: a change reaches them on completion. */
  running: boolean;
  onChange: (rewards: RewardForm[]) => void;
}) {
  const bonuses = useBonuses();
  const fits = (kind: "bonus" | "freespins") =>
    (bonuses.data ?? []).filter((b) => (kind === "freespins" ? b.kind === "freespins" : b.kind === "fixed"));
  const change = (i: number, r: RewardForm) => onChange(rewards.map((x, j) => (j === i ? r : x)));
  return (
    <div className="grid min-w-0 gap-2">
      <h3 className="text-sm font-bold">Rewards (given once, on completion)</h3>
      {rewards.map((r, i) => (
        <div
          key={i}
          className="grid min-w-0 grid-cols-[minmax(0,1fr)] items-end gap-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto]"
        >
          <AdminSelect
            label="Kind"
            value={r.kind}
            onChange={(kind) => change(i, { kind: kind as RewardForm["kind"], bonusIdentity: "" })}
          >
            <option value="bonus">Fixed bonus</option>
            <option value="freespins">Free spins</option>
          </AdminSelect>
          <AdminSelect
            label="Bonus"
            value={r.bonusIdentity}
            onChange={(bonusIdentity) => change(i, { ...r, bonusIdentity })}
          >
            <option value="">Choose…</option>
            {fits(r.kind).map((b) => (
              <option key={b.id} value={b.pageIdentity}>
                {b.name}
                {b.isEnabled ? "" : " (switched off)"}
              </option>
            ))}
          </AdminSelect>
          {rewards.length > 1 ? (
            <Button size="sm" variant="ghost" onClick={() => onChange(rewards.filter((_, j) => j !== i))}>
              Remove
            </Button>
          ) : (
            <span />
          )}
        </div>
      ))}
      {rewards.length < 5 && (
        <div>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onChange([...rewards, { kind: "bonus", bonusIdentity: "" }])}
          >
            Add reward
          </Button>
        </div>
      )}
      {running && (
        <p className="text-xs text-muted">
          A changed reward is what players running it get when they complete it.
        </p>
      )}
    </div>
  );
}
