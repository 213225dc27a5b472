import { Chip } from "~/components/ui/Button";

/** Several values of one segment field (currencies, levels) chosen as pills; none chosen: any. */
export function SegmentChips<T extends string | number>({
  label,
  options,
  chosen,
  onChange,
  testId,
}: {
  label: string;
  options: readonly (readonly [T, string])[];
  chosen: T[];
  onChange: (v: T[]) => void;
  testId?: string;
}) {
  return (
    <fieldset className="grid gap-1.5" data-testid={testId}>
      <legend className="mb-1.5 text-sm font-semibold">{label}</legend>
      <div className="flex flex-wrap gap-1.5">
        {options.map(([value, name]) => {
          const on = chosen.includes(value);
          return (
            <Chip
              key={String(value)}
              selected={on}
              onClick={() => onChange(on ? chosen.filter((c) => c !== value) : [...chosen, value])}
            >
              {name}
            </Chip>
          );
        })}
      </div>
    </fieldset>
  );
}
