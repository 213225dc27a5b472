import { AdminField } from "../kit/fields";
import { FilterButtons } from "../kit/filters";
import { type Preset, type ReportRange, rangeOf } from "./figures";

const PRESETS = [
  ["7", "7 days"],
  ["30", "30 days"],
  ["month", "Month"],
  ["custom", "Custom"],
] as const;

/** The presets of the range, beside the heading. */
export function PresetButtons({
  preset,
  onChange,
}: {
  preset: Preset;
  onChange: (preset: Preset, range?: ReportRange) => void;
}) {
  return (
    <div className="max-w-full overflow-x-auto">
      <FilterButtons
        options={PRESETS}
        value={preset}
        onChange={(p) => onChange(p, p === "custom" ? undefined : rangeOf(p))}
      />
    </div>
  );
}

/** The days of a custom range; a cleared date keeps the one before. */
export function CustomRange({
  range,
  onChange,
}: {
  range: ReportRange;
  onChange: (range: ReportRange) => void;
}) {
  const { from, to } = range;
  return (
    <div className="grid max-w-md grid-cols-2 gap-3">
      <AdminField
        label="From"
        type="date"
        value={from}
        max={to}
        onChange={(v) => v && onChange({ from: v, to })}
      />
      <AdminField
        label="To"
        type="date"
        value={to}
        min={from}
        onChange={(v) => v && onChange({ from, to: v })}
      />
    </div>
  );
}
