import type { AdminBonusCode } from "#common/api/admin-promotions";
import { Button } from "~/components/ui/Button";
import { Td, Th, Tr } from "~/components/ui/Table";
import { StatusBadge } from "../kit/badges";
import { CodeSwitch } from "./CodeSwitch";
import { TRIGGERS, validity } from "./codes";

/** The header of the codes' table; the last column holds the switch for staff who may change codes. */
export const bonusCodeHead = (writes: boolean) => (
  <>
    <Th>Code</Th>
    <Th>Bonus</Th>
    <Th>Used</Th>
    <Th>Valid</Th>
    <Th>Status</Th>
    {writes && <Th />}
  </>
);

/** A code: how it is redeemed (and its batch, `onBatch` lists it), its bonus, uses, window and status. */
export function BonusCodeRow({
  code: c,
  writes,
  onBatch,
}: {
  code: AdminBonusCode;
  writes: boolean;
  onBatch: (batch: string) => void;
}) {
  return (
    <Tr className="align-top" data-testid="admin-code">
      <Td>
        <span className="font-mono font-semibold whitespace-nowrap">{c.code}</span>
        <span className="block text-xs text-muted">{TRIGGERS.find(([t]) => t === c.trigger)?.[1]}</span>
        {c.batch && (
          <span className="block">
            <Button variant="link" className="text-xs" onClick={() => onBatch(c.batch!)}>
              Batch
            </Button>
          </span>
        )}
      </Td>
      <Td>{c.bonus.name}</Td>
      <Td className="tabular-nums whitespace-nowrap" data-testid="admin-code-used">
        {c.usedCount} / {c.usageLimit ?? "∞"}
      </Td>
      <Td className="text-xs">{validity(c)}</Td>
      <Td>
        <StatusBadge status={c.isEnabled ? "active" : "closed"} label={c.isEnabled ? "on" : "off"} />
      </Td>
      {writes && (
        <Td>
          <CodeSwitch code={c} />
        </Td>
      )}
    </Tr>
  );
}
