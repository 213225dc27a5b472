import { FilterIcon } from "./page-icons";

/** The phone's "Filters" button above a filtered list, with how many filters are on; it opens the filter sheet. */
export function FiltersButton({
  label,
  active,
  onClick,
  testId,
}: {
  label: string;
  active: number;
  onClick: () => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      data-testid={testId}
      className="inline-flex h-10 items-center gap-2 rounded-xl border border-line px-4 text-sm font-semibold"
    >
      <FilterIcon size={16} /> {label}
      {active > 0 && (
        <span className="grid size-5 place-items-center rounded-full bg-accent text-xs text-accent-fg">
          {active}
        </span>
      )}
    </button>
  );
}
