import type { AdminBonusOption } from "#common/api/admin-promotions";
import { FormField } from "~/components/ui/FormField";
import { Select } from "~/components/ui/Input";
import { KIND_NAMES, TRIGGERS, type Trigger } from "./codes";

/** How the code is redeemed, and the bonus it gives among those that fit that way. */
export function BonusChoice({
  trigger,
  onTrigger,
  offered,
  chosen,
  onChoose,
}: {
  trigger: Trigger;
  onTrigger: (t: Trigger) => void;
  offered: AdminBonusOption[];
  chosen: string;
  onChoose: (id: string) => void;
}) {
  return (
    <>
      <FormField label="Redeemed">
        {(f) => (
          <Select
            {...f}
            controlSize="sm"
            value={trigger}
            onChange={(e) => onTrigger(e.target.value as Trigger)}
          >
            {TRIGGERS.map(([t, label]) => (
              <option key={t} value={t}>
                {label}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label="Bonus">
        {(f) => (
          <Select {...f} controlSize="sm" value={chosen} onChange={(e) => onChoose(e.target.value)}>
            {offered.length === 0 && <option value="">No bonus fits this kind of code</option>}
            {offered.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name} ({KIND_NAMES[b.kind]})
              </option>
            ))}
          </Select>
        )}
      </FormField>
    </>
  );
}
