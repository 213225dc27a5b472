import { Link } from "react-router";
import { ChevronRightIcon, GridIcon } from "~/components/ui/icons";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "~/modals/ModalFrame";
import { gamesPath } from "../filters";
import { gameQueries, useLobby } from "../queries";
import { InlineError } from "../states";

/** `?categories=true`: every collection the visitor may see, with its size, and every game. */
export default function Categories() {
  const { t } = useTranslation("modals");
  const href = useLocalePath();
  const collections = useLobby(gameQueries.collections());
  const row =
    "flex h-12 items-center justify-between gap-3 rounded-xl px-3 text-sm font-semibold transition-colors hover:bg-surface-2";
  return (
    <ModalFrame icon={<GridIcon size={22} />} title={t("categories.title")}>
      {collections.error && !collections.data ? (
        <InlineError text={t("games.loadFailed")} onRetry={collections.retry} />
      ) : (
        <ul className="-mx-2 flex flex-col">
          {(collections.data ?? [])
            .filter((c) => c.gamesCount > 0)
            .map((c) => (
              <li key={c.id}>
                <Link
                  to={href(
                    gamesPath({ collection: c.identity, features: [], providers: [], sort: "popular" }),
                  )}
                  className={row}
                >
                  <span className="truncate">{c.name}</span>
                  <span className="flex items-center gap-1 text-xs text-muted">
                    {c.gamesCount}
                    <ChevronRightIcon size={16} />
                  </span>
                </Link>
              </li>
            ))}
          {collections.data ? (
            <li>
              <Link to={href("/games/all")} className={row}>
                <span>{t("categories.all")}</span>
                <ChevronRightIcon size={16} className="text-muted" />
              </Link>
            </li>
          ) : (
            [0, 1, 2, 3, 4].map((i) => (
              <li key={i} className="mx-3 my-2 h-8 animate-pulse rounded-lg bg-surface-2" />
            ))
          )}
        </ul>
      )}
    </ModalFrame>
  );
}
