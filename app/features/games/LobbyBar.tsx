import { NavLink } from "react-router";
import type { GameCollection } from "#common/api/game";
import { GridIcon, SearchIcon, StudioIcon } from "~/components/ui/icons";
import { FilterIcon } from "~/components/ui/page-icons";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
import { ModalLink } from "~/modals/ModalLink";
import { gamesPath } from "./filters";

const pill =
  "inline-flex h-10 shrink-0 items-center gap-2 rounded-xl border border-line bg-surface px-3.5 text-sm font-semibold text-fg transition-colors hover:border-muted hover:bg-surface-2";

/**
 * The lobby's toolbar: the search field (it opens `global-search`), categories, providers and, on a list, the
 * filter with how many choices are active; below it the collections as tabs.
 */
export function LobbyBar({
  collections,
  filterCount,
}: {
  collections?: GameCollection[];
  /** Shown on lists only: the number of filter choices made. */
  filterCount?: number;
}) {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  const tab = ({ isActive }: { isActive: boolean }) =>
    `inline-flex h-9 shrink-0 items-center whitespace-nowrap rounded-full px-4 text-sm font-semibold transition-colors ${
      isActive ? "bg-accent text-accent-fg" : "bg-surface-2 text-muted hover:bg-surface-3 hover:text-fg"
    }`;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <ModalLink
          modal="global-search"
          data-testid="lobby-search"
          className="flex h-10 min-w-0 flex-1 basis-56 items-center gap-2.5 rounded-xl border border-line bg-surface px-3.5 text-sm text-muted transition-colors hover:border-muted"
        >
          <SearchIcon size={18} />
          <span className="truncate">{t("games.searchPlaceholder")}</span>
        </ModalLink>
        <ModalLink modal="categories" className={pill} data-testid="lobby-categories">
          <GridIcon size={18} />
          <span className="max-sm:sr-only">{t("games.categories")}</span>
        </ModalLink>
        <ModalLink modal="providers" className={pill} data-testid="lobby-providers">
          <StudioIcon size={18} />
          <span className="max-sm:sr-only">{t("games.providers.title")}</span>
        </ModalLink>
        {filterCount !== undefined && (
          <ModalLink modal="games-filter" className={pill} data-testid="lobby-filter">
            <FilterIcon size={18} />
            <span className="max-sm:sr-only">{t("games.filter")}</span>
            {filterCount > 0 && (
              <span className="grid size-5 place-items-center rounded-full bg-accent text-xs text-accent-fg">
                {filterCount}
              </span>
            )}
          </ModalLink>
        )}
      </div>
      {collections && collections.length > 0 && (
        <nav
          aria-label={t("games.categories")}
          className="-mx-4 overflow-x-auto px-4 [scrollbar-width:none] sm:mx-0 sm:px-0"
        >
          <ul className="flex gap-2">
            <li>
              <NavLink to={href("/games")} end className={tab}>
                {t("games.lobby")}
              </NavLink>
            </li>
            {collections.map((c) => (
              <li key={c.id}>
                <NavLink
                  to={href(
                    gamesPath({ collection: c.identity, features: [], providers: [], sort: "popular" }),
                  )}
                  className={tab}
                >
                  {c.name}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to={href("/games/all")} className={tab}>
                {t("games.all")}
              </NavLink>
            </li>
          </ul>
        </nav>
      )}
    </div>
  );
}
