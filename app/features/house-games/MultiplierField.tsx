import { useId } from "react";
import { Pressable } from "~/components/ui/Button";

/**
 * A multiplier typed as text (Limbo's target, Crash's auto cash-out): digits and a separator only, tidied to
 * two decimals on leaving the field, with a few presets beside it. `value` is the text read as a multiplier,
 * undefined when out of the game's range (then the field is invalid and `rangeText` says the range).
 */
export function MultiplierField({
  label,
  text,
  onText,
  value,
  presets,
  rangeText,
  placeholder,
  testId,
}: {
  label: string;
  text: string;
  onText: (text: string) => void;
  value: number | null | undefined;
  presets: number[];
  rangeText: string;
  placeholder?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-semibold text-muted">
        {label}
      </label>
      <div className="flex gap-1.5">
        <input
          id={id}
          inputMode="decimal"
          value={text}
          placeholder={placeholder}
          aria-invalid={value === undefined}
          data-testid={testId}
          onChange={(e) => onText(e.target.value.replace(/[^\d.,]/g, ""))}
          onBlur={() => value && onText(value.toFixed(2))}
          className="w-full rounded-xl border border-line bg-bg/60 px-3 py-2.5 font-mono text-base font-bold outline-none focus:border-accent aria-[invalid=true]:border-danger"
        />
        {presets.map((m) => (
          <Pressable
            key={m}
            onClick={() => onText(m.toFixed(2))}
            className="rounded-lg bg-surface-2 px-2.5 text-xs font-bold text-muted hover:text-fg"
          >
            {m}×
          </Pressable>
        ))}
      </div>
      {value === undefined && <p className="mt-1 text-xs text-danger">{rangeText}</p>}
    </div>
  );
}
