import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { GAME_SORTS } from "#common/constants";
import { splitLocale } from "#common/i18n/locales";
import { Button } from "~/components/ui/Button";
import { FilterIcon } from "~/components/ui/page-icons";
import { useLocalePath } from "~/features/shell/nav";
import { ModalFrame } from "~/modals/ModalFrame";
import { featureName } from "../feature-name";
import { DEFAULT_SORT, type GameListFilter, gamesPath, parseGamesPath, toggleValue } from "../filters";
import { gameQueries, useLobby } from "../queries";

/** The list the modal was opened on (a filtered list), or every game (the lobby and other pages). */
function currentFilter(pathname: string, search: string): GameListFilter {
  const path = splitLocale(pathname).path;
  const m = /^\/games\/(.+)$/.exec(path);
  const q = new URLSearchParams(search);
  return (
    (m && !m[1]!.startsWith("providers") ? parseGamesPath(m[1]!, q) : null) ?? {
      features: [],
      providers: [],
      sort: DEFAULT_SORT,
    }
  );
}

const chip = (on: boolean) =>
  `inline-flex h-9 items-center gap-1.5 rounded-full border px-3.5 text-sm font-semibold transition-colors ${
    on ? "border-accent bg-accent/15 text-fg" : "border-line text-muted hover:border-muted hover:text-fg"
  }`;

/** `?games-filter=true`: features, studios and order of the list; applying goes to that list's address. */
export default function GamesFilter() {
  const { t } = useTranslation("modals");
  const { t: tl } = useTranslation("layout");
  const href = useLocalePath();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [filter, setFilter] = useState(() => currentFilter(pathname, search));
  const features = useLobby(gameQueries.features());
  const providers = useLobby(gameQueries.providers());

  const apply = () => navigate(href(gamesPath(filter)));
  const skeleton = (n: number) => (
    <div className="flex flex-wrap gap-2" aria-hidden="true">
      {Array.from({ length: n }, (_, i) => (
        <span key={i} className="h-9 w-24 animate-pulse rounded-full bg-surface-2" />
      ))}
    </div>
  );
  return (
    <ModalFrame icon={<FilterIcon size={22} />} title={t("games-filter.title")}>
      <form
        className="flex flex-col gap-6"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <fieldset>
          <legend className="mb-2 text-sm font-bold">{t("games-filter.sort")}</legend>
          <div className="flex flex-wrap gap-2">
            {GAME_SORTS.map((s) => (
              <label
                key={s}
                className={`${chip(filter.sort === s)} cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent`}
              >
                <input
                  type="radio"
                  name="sort"
                  value={s}
                  checked={filter.sort === s}
                  onChange={() => setFilter((f) => ({ ...f, sort: s }))}
                  className="sr-only"
                />
                {t(`games-filter.sorts.${s}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-sm font-bold">{t("games-filter.features")}</legend>
          {features.data ? (
            <div className="flex flex-wrap gap-2">
              {features.data.map((f) => (
                <label
                  key={f.feature}
                  className={`${chip(filter.features.includes(f.feature))} cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent`}
                >
                  <input
                    type="checkbox"
                    checked={filter.features.includes(f.feature)}
                    onChange={() =>
                      setFilter((x) => ({ ...x, features: toggleValue(x.features, f.feature) }))
                    }
                    className="sr-only"
                  />
                  {featureName(tl, f.feature)}
                  <span className="text-xs text-muted">{f.gamesCount}</span>
                </label>
              ))}
            </div>
          ) : features.error ? (
            <p className="text-sm text-danger">{t("games.loadFailed")}</p>
          ) : (
            skeleton(6)
          )}
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-sm font-bold">{t("games-filter.providers")}</legend>
          {providers.data ? (
            <div className="flex flex-wrap gap-2">
              {providers.data
                .filter((p) => p.gamesCount > 0)
                .map((p) => (
                  <label
                    key={p.id}
                    className={`${chip(filter.providers.includes(p.identity))} cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent`}
                  >
                    <input
                      type="checkbox"
                      checked={filter.providers.includes(p.identity)}
                      onChange={() =>
                        setFilter((x) => ({ ...x, providers: toggleValue(x.providers, p.identity) }))
                      }
                      className="sr-only"
                    />
                    {p.name}
                  </label>
                ))}
            </div>
          ) : providers.error ? (
            <p className="text-sm text-danger">{t("games.loadFailed")}</p>
          ) : (
            skeleton(8)
          )}
        </fieldset>
        <div className="sticky bottom-0 -mx-5 -mb-5 flex gap-2 border-t border-line bg-surface px-5 py-4">
          <Button
            variant="secondary"
            size="lg"
            className="flex-1"
            onClick={() =>
              setFilter((f) => ({
                collection: f.collection,
                features: [],
                providers: [],
                sort: DEFAULT_SORT,
              }))
            }
          >
            {t("games-filter.reset")}
          </Button>
          <Button variant="primary" size="lg" className="flex-1" type="submit" data-testid="filter-apply">
            {t("games-filter.apply")}
          </Button>
        </div>
      </form>
    </ModalFrame>
  );
}
