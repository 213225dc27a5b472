import { useRef } from "react";
import { Link } from "react-router";
import type { GameCollection } from "#common/api/game";
import { Pressable } from "~/components/ui/Button";
import { ChevronLeftIcon, ChevronRightIcon } from "~/components/ui/icons";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
import { gamesPath } from "./filters";
import { GameCard, GameCardSkeleton } from "./GameCard";
import { gameQueries, useLobby } from "./queries";
import { ErrorState } from "./states";

export const ROW_SIZE = 16;
/** A game's width in a row: 42vw on a phone, 4 to a row from 640px, 6 from 1280px (app.css). */
const CELL = "game-cell";

const SCROLLER = "-mx-4 flex gap-3 px-4 pb-2 sm:mx-0 sm:px-0";

/**
 * A collection as a horizontal row: its first games, arrows on a desktop, a swipe on a phone, and "See all"
 * to the collection's own list.
 */
export function GameRow({ collection }: { collection: GameCollection }) {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  const scroller = useRef<HTMLUListElement>(null);
  const games = useLobby(gameQueries.row(collection.identity, ROW_SIZE));
  const headingId = `row-${collection.identity}`;
  const scroll = (dir: 1 | -1) => {
    const el = scroller.current;
    if (el) el.scrollBy({ left: dir * el.clientWidth * 0.9, behavior: "smooth" });
  };
  // Classes of app.css (.row-arrow, .game-row-list): three rows on the home page repeated their lists.
  const arrow = "row-arrow";
  if (games.data && games.data.data.length === 0) return null;
  return (
    <section aria-labelledby={headingId} data-testid="game-row" data-collection={collection.identity}>
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id={headingId} className="truncate text-lg font-bold tracking-tight sm:text-xl">
          {collection.name}
        </h2>
        <div className="flex shrink-0 items-center gap-2">
          <Link
            to={href(
              gamesPath({ collection: collection.identity, features: [], providers: [], sort: "popular" }),
            )}
            className="rounded-lg px-2 py-1.5 text-sm font-semibold text-accent hover:underline"
            aria-label={t("games.seeAllOf", { name: collection.name })}
          >
            {t("games.seeAll", { count: collection.gamesCount })}
          </Link>
          <Pressable className={arrow} onClick={() => scroll(-1)} aria-label={t("games.scrollBack")}>
            <ChevronLeftIcon size={18} />
          </Pressable>
          <Pressable className={arrow} onClick={() => scroll(1)} aria-label={t("games.scrollOn")}>
            <ChevronRightIcon size={18} />
          </Pressable>
        </div>
      </div>
      {games.error && !games.data ? (
        <ErrorState onRetry={games.retry} />
      ) : (
        <ul ref={scroller} className="game-row-list">
          {games.data
            ? games.data.data.map((g) => (
                <li key={g.id} className={CELL}>
                  <GameCard game={g} />
                </li>
              ))
            : // Keys of their own: a number key ("1") would be the key of the game with id 1, and React would
              // move that placeholder's <li> to the game's place (a shift, issue #20).
              Array.from({ length: 6 }, (_, i) => (
                <li key={`skeleton-${i}`} className={CELL}>
                  <GameCardSkeleton />
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A placeholder row while the collections load, the size of a row: its heading line (the "See all" link and the
 * arrows are 32 and 36px tall) and the scroller with its bottom padding.
 */
export function GameRowSkeleton() {
  return (
    <div aria-hidden="true">
      <div className="mb-3 flex h-8 items-center sm:h-9">
        <div className="h-6 w-40 animate-pulse rounded bg-surface-2" />
      </div>
      <div className={`${SCROLLER} overflow-hidden`}>
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className={CELL}>
            <GameCardSkeleton />
          </div>
        ))}
      </div>
    </div>
  );
}
