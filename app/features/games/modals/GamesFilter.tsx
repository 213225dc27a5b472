import { type InputHTMLAttributes, type ReactNode, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { GAME_SORTS } from "#common/constants";
import { splitLocale } from "#common/i18n/locales";
import { Button } from "~/components/ui/Button";
import { FilterIcon } from "~/components/ui/page-icons";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
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

/** One choice as a chip: the native input (a radio or a checkbox) hidden, the chip showing its state and focus. */
function ChipOption({
  checked,
  children,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, "className"> & {
  type: "radio" | "checkbox";
  checked: boolean;
}) {
  return (
    <label
      className={`${chip(checked)} cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent`}
    >
      <input {...input} checked={checked} className="sr-only" />
      {children}
    </label>
  );
}

/** Chips of a list the lobby loads (features, studios): placeholder chips while it loads, a line if it fails. */
function LoadedChips<T>({
  query,
  placeholders,
  failed,
  children,
}: {
  query: { data?: T; error?: unknown };
  placeholders: number;
  failed: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data) return <div className="flex flex-wrap gap-2">{children(query.data)}</div>;
  if (query.error) return <p className="text-sm text-danger">{failed}</p>;
  return (
    <div className="flex flex-wrap gap-2" aria-hidden="true">
      {Array.from({ length: placeholders }, (_, i) => (
        <span key={i} className="h-9 w-24 animate-pulse rounded-full bg-surface-2" />
      ))}
    </div>
  );
}

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
              <ChipOption
                key={s}
                type="radio"
                name="sort"
                value={s}
                checked={filter.sort === s}
                onChange={() => setFilter((f) => ({ ...f, sort: s }))}
              >
                {t(`games-filter.sorts.${s}`)}
              </ChipOption>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-sm font-bold">{t("games-filter.features")}</legend>
          <LoadedChips query={features} placeholders={6} failed={t("games.loadFailed")}>
            {(data) =>
              data.map((f) => (
                <ChipOption
                  key={f.feature}
                  type="checkbox"
                  checked={filter.features.includes(f.feature)}
                  onChange={() => setFilter((x) => ({ ...x, features: toggleValue(x.features, f.feature) }))}
                >
                  {featureName(tl, f.feature)}
                  <span className="text-xs text-muted">{f.gamesCount}</span>
                </ChipOption>
              ))
            }
          </LoadedChips>
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-sm font-bold">{t("games-filter.providers")}</legend>
          <LoadedChips query={providers} placeholders={8} failed={t("games.loadFailed")}>
            {(data) =>
              data
                .filter((p) => p.gamesCount > 0)
                .map((p) => (
                  <ChipOption
                    key={p.id}
                    type="checkbox"
                    checked={filter.providers.includes(p.identity)}
                    onChange={() =>
                      setFilter((x) => ({ ...x, providers: toggleValue(x.providers, p.identity) }))
                    }
                  >
                    {p.name}
                  </ChipOption>
                ))
            }
          </LoadedChips>
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
