import type { AdminContentList } from "#common/api/admin-content";
import { StateBadge } from "./StateBadge";

/** The entries of a kind, each with its title, identity and each language's state; one is chosen. */
export function EntryList({
  entries,
  chosen,
  onChoose,
}: {
  entries: AdminContentList["entries"];
  chosen: string | undefined;
  onChoose: (identity: string) => void;
}) {
  return (
    <ul className="grid min-w-0 gap-1.5" aria-label="Entries">
      {entries.map((e) => (
        <li key={e.identity}>
          <button
            type="button"
            data-testid="admin-content-entry"
            aria-current={e.identity === chosen ? "true" : undefined}
            onClick={() => onChoose(e.identity)}
            className={`grid w-full min-w-0 gap-1 rounded-xl border px-3 py-2 text-left ${
              e.identity === chosen
                ? "border-accent bg-accent/10"
                : "border-line bg-surface hover:bg-surface-2"
            }`}
          >
            <span className="truncate text-sm font-semibold">{e.title}</span>
            <span className="truncate text-xs text-muted">{e.identity}</span>
            <span className="flex flex-wrap gap-1">
              {Object.entries(e.states).map(([l, s]) => (
                <StateBadge key={l} locale={l} state={s} />
              ))}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
