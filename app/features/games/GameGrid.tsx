import { useEffect, useState } from "react";
import type { Game } from "#common/api/game";
import type { Page } from "#common/api/player";
import { Button } from "~/components/ui/Button";
import { useTranslation } from "~/lib/i18n-react";
import { GameCard, GameCardSkeleton } from "./GameCard";
import { ErrorState } from "./states";

export const GRID_CLASS =
  "grid grid-cols-2 gap-x-3 gap-y-5 min-[640px]:grid-cols-3 md:grid-cols-4 xl:grid-cols-6";
export const PER_PAGE = 24;

export function GameGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <div className={GRID_CLASS} data-testid="games-skeleton">
      {Array.from({ length: count }, (_, i) => (
        <GameCardSkeleton key={i} />
      ))}
    </div>
  );
}

/**
 * A first page on its way: a full page of cards and the count, bar and "Load more" below them, each the height
 * it will have, so the footer is where it will stay (issue #20: the lobby moved 0.2 when the page arrived).
 */
function PagedGamesSkeleton() {
  return (
    <div aria-hidden="true">
      <GameGridSkeleton count={PER_PAGE} />
      <div className="mt-8 flex flex-col items-center gap-3">
        <div className="flex h-5 items-center">
          <div className="h-3.5 w-32 animate-pulse rounded bg-surface-2" />
        </div>
        <div className="h-1 w-48 rounded-full bg-surface-3" />
        <div className="h-11 w-36 animate-pulse rounded-xl bg-surface-2" />
      </div>
    </div>
  );
}

export function GameGrid({ games }: { games: Game[] }) {
  return (
    <ul className={GRID_CLASS} data-testid="games-grid">
      {games.map((g) => (
        <li key={g.id}>
          <GameCard game={g} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A paged list of games: the first page, then "Load more" adds the next one below (the position is kept, and
 * the count says how far along the list is). A new `listKey` starts again from page one.
 */
export function PagedGames({
  listKey,
  fetchPage,
  empty,
  onTotal,
}: {
  listKey: string;
  fetchPage: (page: number) => Promise<Page<Game>>;
  empty: React.ReactNode;
  onTotal?: (total: number) => void;
}) {
  const { t } = useTranslation("layout");
  const [state, setState] = useState<{
    games: Game[];
    page: number;
    totalPages: number;
    totalRows: number;
    loading: boolean;
    error: boolean;
    key: string;
  }>({ games: [], page: 0, totalPages: 0, totalRows: 0, loading: true, error: false, key: listKey });
  const [want, setWant] = useState({ key: listKey, page: 1, attempt: 0 });

  if (want.key !== listKey) setWant({ key: listKey, page: 1, attempt: 0 });

  // biome-ignore lint/correctness/useExhaustiveDependencies: want stands for the list and page asked for
  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, loading: true, error: false }));
    fetchPage(want.page).then(
      (p) => {
        if (!current) return;
        onTotal?.(p.meta.totalRows);
        setState((s) => ({
          games:
            want.page === 1 || s.key !== want.key
              ? p.data
              : [...s.games, ...p.data.filter((g) => !s.games.some((x) => x.id === g.id))],
          page: want.page,
          totalPages: p.meta.totalPages,
          totalRows: p.meta.totalRows,
          loading: false,
          error: false,
          key: want.key,
        }));
      },
      () => current && setState((s) => ({ ...s, loading: false, error: true })),
    );
    return () => {
      current = false;
    };
  }, [want]);

  const fresh = state.key !== listKey || state.page === 0;
  if (state.error && fresh)
    return <ErrorState onRetry={() => setWant((w) => ({ ...w, attempt: w.attempt + 1 }))} />;
  if (fresh || (state.loading && want.page === 1 && state.games.length === 0)) return <PagedGamesSkeleton />;
  if (state.games.length === 0) return <>{empty}</>;
  const more = state.page < state.totalPages;
  return (
    <div data-testid="games-list" data-total={state.totalRows} aria-busy={state.loading}>
      <div className={state.loading && want.page === 1 ? "opacity-60 transition-opacity" : ""}>
        <GameGrid games={state.games} />
      </div>
      {state.loading && want.page > 1 && (
        <div className="mt-5">
          <GameGridSkeleton count={6} />
        </div>
      )}
      <div className="mt-8 flex flex-col items-center gap-3">
        <p className="text-sm text-muted" data-testid="games-count">
          {t("games.shown", { shown: state.games.length, total: state.totalRows })}
        </p>
        <div
          className="h-1 w-48 overflow-hidden rounded-full bg-surface-3"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={state.totalRows}
          aria-valuenow={state.games.length}
          aria-label={t("games.shown", { shown: state.games.length, total: state.totalRows })}
        >
          <div
            className="h-full rounded-full bg-accent"
            style={{ width: `${state.totalRows ? (100 * state.games.length) / state.totalRows : 0}%` }}
          />
        </div>
        {state.error && <ErrorState onRetry={() => setWant((w) => ({ ...w, attempt: w.attempt + 1 }))} />}
        {more && !state.error && (
          <Button
            variant="secondary"
            size="md"
            disabled={state.loading}
            data-testid="games-more"
            onClick={() => setWant((w) => ({ ...w, page: state.page + 1 }))}
          >
            {state.loading ? t("games.loading") : t("games.more")}
          </Button>
        )}
      </div>
    </div>
  );
}
