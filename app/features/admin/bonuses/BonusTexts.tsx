import type { AdminBonus } from "#common/api/admin-bonuses";
import { TRANSLATED_LOCALES } from "../kit/format";
import type { BonusInputs } from "./BonusField";
import type { BonusMeta } from "./bonus-kinds";

/** What players read: name and description in each language, written with placeholders, and the preview. */
export function BonusTexts({
  f,
  meta,
  preview,
}: {
  f: BonusInputs;
  meta: BonusMeta;
  /** The saved bonus as players read it now; none while creating. */
  preview?: AdminBonus["preview"];
}) {
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-2 text-sm font-bold">What players read</legend>
      <p className="text-xs text-muted">
        Write every figure as a placeholder — it is filled from the rule below, so the text follows every
        change. Digits are refused.{" "}
        {Object.keys(meta.placeholders)
          .map((p) => `{${p}}`)
          .join(" ")}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {f.input("name", "Name (English)")}
        {f.area("description", "Description (English)")}
        {TRANSLATED_LOCALES.map(([l, name]) => (
          <div key={l} className="contents">
            {f.input(`${l}.name`, `Name (${name})`, "Blank: the English text")}
            {f.area(`${l}.description`, `Description (${name})`)}
          </div>
        ))}
      </div>
      {preview && (
        <div className="rounded-xl bg-surface-2 p-3 text-sm" data-testid="admin-bonus-preview">
          <span className="block text-xs text-muted">Players read now</span>
          <span className="font-semibold">{preview.name}</span>
          <span className="block text-muted">{preview.description}</span>
        </div>
      )}
    </fieldset>
  );
}
