import type { AdminBonus } from "#common/api/admin-bonuses";
import { Button } from "~/components/ui/Button";
import { StatusBadge } from "../kit/badges";
import { KIND_NAME, summary, where } from "./bonus-kinds";

/** A bonus definition in the list: name, switch, welcome step and figures; Edit (or View) opens the form. */
export function BonusRow({
  bonus: b,
  writes,
  onOpen,
}: {
  bonus: AdminBonus;
  writes: boolean;
  onOpen: () => void;
}) {
  return (
    <li
      data-testid="admin-bonus"
      data-page={b.pageIdentity}
      className="grid gap-2 rounded-xl border border-line p-3 sm:grid-cols-[1fr_auto] sm:items-center"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{b.preview.name}</span>
          <StatusBadge status={b.isEnabled ? "active" : "closed"} label={b.isEnabled ? "on" : "off"} />
          {b.packageStep !== null && (
            <span className="rounded-md bg-surface-2 px-2 py-0.5 text-xs font-bold">
              Welcome step {b.packageStep}
            </span>
          )}
        </div>
        <span className="block text-xs text-muted">
          {KIND_NAME[b.kind]} · {where(b)} · {summary(b)} · given {b.issued}×
        </span>
      </div>
      <Button size="sm" variant="secondary" onClick={onOpen}>
        {writes ? "Edit" : "View"}
      </Button>
    </li>
  );
}
