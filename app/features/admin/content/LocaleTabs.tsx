import type { ContentState } from "#common/api/admin-content";
import { LOCALE_NAMES } from "./content-words";
import { StateBadge } from "./StateBadge";

/** The entry's languages as tabs, each with its text's state. */
export function LocaleTabs({
  locales,
  states,
  value,
  onChange,
}: {
  locales: readonly string[];
  states: Record<string, ContentState>;
  value: string;
  onChange: (locale: string) => void;
}) {
  return (
    <div className="mb-4 grid min-w-0 grid-cols-3 gap-2" role="tablist" aria-label="Languages">
      {locales.map((l) => (
        <button
          key={l}
          type="button"
          role="tab"
          aria-selected={l === value}
          onClick={() => onChange(l)}
          className={`grid min-w-0 gap-1 rounded-xl border px-3 py-2 text-left ${
            l === value ? "border-accent bg-accent/10" : "border-line hover:bg-surface-2"
          }`}
        >
          <span className="truncate text-sm font-semibold">
            <span className="sm:hidden">{l.toUpperCase()}</span>
            <span className="hidden sm:inline">{LOCALE_NAMES[l] ?? l}</span>
          </span>
          <span className="justify-self-start">
            <StateBadge state={states[l] ?? "missing"} />
          </span>
        </button>
      ))}
    </div>
  );
}
