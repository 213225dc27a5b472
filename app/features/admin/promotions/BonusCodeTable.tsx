import type { AdminBonusCode } from "#common/api/admin-promotions";
import { Button } from "~/components/ui/Button";
import { StatusBadge } from "../ui";
import { CodeSwitch } from "./CodeSwitch";
import { TRIGGERS, validity } from "./codes";

/** The codes of a page: their bonus, uses, window and status; `onBatch` lists a code's whole batch. */
export function BonusCodeTable({
  codes,
  writes,
  onBatch,
}: {
  codes: AdminBonusCode[];
  writes: boolean;
  onBatch: (batch: string) => void;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="admin-codes">
        <thead className="text-xs text-muted uppercase">
          <tr>
            <th className="py-2 pr-4">Code</th>
            <th className="py-2 pr-4">Bonus</th>
            <th className="py-2 pr-4">Used</th>
            <th className="py-2 pr-4">Valid</th>
            <th className="py-2 pr-4">Status</th>
            {writes && <th className="py-2" />}
          </tr>
        </thead>
        <tbody>
          {codes.map((c) => (
            <tr key={c.id} className="border-t border-line align-top" data-testid="admin-code">
              <td className="py-3 pr-4">
                <span className="font-mono font-semibold whitespace-nowrap">{c.code}</span>
                <span className="block text-xs text-muted">
                  {TRIGGERS.find(([t]) => t === c.trigger)?.[1]}
                </span>
                {c.batch && (
                  <span className="block">
                    <Button variant="link" className="text-xs" onClick={() => onBatch(c.batch!)}>
                      Batch
                    </Button>
                  </span>
                )}
              </td>
              <td className="py-3 pr-4">{c.bonus.name}</td>
              <td className="py-3 pr-4 tabular-nums whitespace-nowrap" data-testid="admin-code-used">
                {c.usedCount} / {c.usageLimit ?? "∞"}
              </td>
              <td className="py-3 pr-4 text-xs">{validity(c)}</td>
              <td className="py-3 pr-4">
                <StatusBadge status={c.isEnabled ? "active" : "closed"} label={c.isEnabled ? "on" : "off"} />
              </td>
              {writes && (
                <td className="py-3">
                  <CodeSwitch code={c} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
