import type { BonusKind } from "#common/api/admin-bonuses";
import { BonusField, inputClass } from "./BonusField";
import { KINDS } from "./bonus-kinds";

/** A new bonus's kind and page address, chosen once: neither changes after. */
export function BonusIdentity({
  kind,
  pageIdentity,
  error,
  onKind,
  onPageIdentity,
}: {
  kind: BonusKind;
  pageIdentity: string;
  error?: string;
  onKind: (kind: BonusKind) => void;
  onPageIdentity: (pageIdentity: string) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <BonusField label="Kind">
        {(id) => (
          <select
            id={id}
            value={kind}
            onChange={(e) => onKind(e.target.value as BonusKind)}
            className={`h-11 ${inputClass}`}
          >
            {KINDS.filter(([k]) => k !== "all").map(([k, l]) => (
              <option key={k} value={k}>
                {l}
              </option>
            ))}
          </select>
        )}
      </BonusField>
      <BonusField
        label="Page address"
        hint="/bonus/… — lower-case letters, digits, dashes; it never changes"
        error={error}
      >
        {(id) => (
          <input
            id={id}
            value={pageIdentity}
            onChange={(e) => onPageIdentity(e.target.value)}
            className={`h-11 ${inputClass}`}
          />
        )}
      </BonusField>
    </div>
  );
}
