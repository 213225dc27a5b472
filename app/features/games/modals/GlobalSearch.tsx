import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import type { Game, RecentSearch } from "#common/api/game";
import { Button, Pressable } from "~/components/ui/Button";
import { CloseIcon, SearchIcon } from "~/components/ui/icons";
import { ClockIcon } from "~/components/ui/page-icons";
import { useLocalePath, useSportsEnabled } from "~/features/shell/nav";
import { SportSearchResults, sportHits, sportSearch } from "~/features/sports/search";
import { useTranslation } from "~/lib/i18n-react";
import { useLoggedIn } from "~/lib/session/use-session";
import { ModalFrame } from "~/modals/ModalFrame";
import { useModals } from "~/modals/use-modal";
import { gamesApi } from "../api";
import { gameScreenPath } from "../links";
import { gameQueries, useLobby } from "../queries";
import { InlineError } from "../states";

/** Typing waits this long before asking: one search per pause, and the server keeps fewer half-words. */
export const SEARCH_DEBOUNCE_MS = 400;
export const SEARCH_MIN_CHARS = 2;
const HEADING = "mb-2 text-xs font-semibold tracking-wider text-muted uppercase";

/**
 * `?global-search=true`: typo-tolerant game search as you type ("bok of ded" finds Book of Dead Kings), and while
 * sports are on, the matches and leagues whose names match (GET /game/sport/search). Before typing, a player sees
 * their recent searches (each removable, or all cleared) and everyone the popular games.
 */
export default function GlobalSearch() {
  const { t } = useTranslation("modals");
  const href = useLocalePath();
  const loggedIn = useLoggedIn();
  const modals = useModals();
  const inputId = useId();
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  const [recent, setRecent] = useState<RecentSearch[]>();

  useEffect(() => {
    const q = text.trim();
    const timer = setTimeout(() => setQuery(q.length >= SEARCH_MIN_CHARS ? q : ""), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const sportsOn = useSportsEnabled();
  const results = useLobby(gameQueries.search(query));
  const sports = useLobby(sportSearch(query, sportsOn));
  const popular = useLobby(gameQueries.popular());

  useEffect(() => {
    if (!loggedIn) return;
    gamesApi.recentSearches().then(setRecent, () => setRecent([]));
  }, [loggedIn]);
  // A search a player made is now among their recent ones: read them again after each answer.
  useEffect(() => {
    if (loggedIn && results.data) gamesApi.recentSearches().then(setRecent, () => undefined);
  }, [loggedIn, results.data]);

  const forget = (id?: string) => gamesApi.clearRecentSearches(id).then(setRecent, () => undefined);
  // A guest choosing a game is offered the demo or to sign in; a player goes to it.
  const open = (g: Game) =>
    loggedIn
      ? { to: href(gameScreenPath(g.slug, true)) }
      : { onClick: () => modals.swap(["global-search"], "demo-game", g.slug) };

  const typing = text.trim().length >= SEARCH_MIN_CHARS;
  const waiting = typing && (query !== text.trim() || results.loading || sports.loading);
  // Sports that fail to answer leave the games alone; only a games failure is said.
  const sportsFound = sportHits(sports.data) ? sports.data : undefined;
  const gamesFound = results.data && results.data.length > 0 ? results.data : undefined;
  return (
    <ModalFrame icon={<SearchIcon size={22} />} title={t("global-search.title")}>
      <div className="flex flex-col gap-5">
        <label htmlFor={inputId} className="sr-only">
          {t(sportsOn ? "global-search.sportsLabel" : "global-search.label")}
        </label>
        <div className="relative">
          <SearchIcon
            size={18}
            className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-muted"
          />
          <input
            id={inputId}
            type="search"
            // biome-ignore lint/a11y/noAutofocus: the modal exists to type into this field
            autoFocus
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={100}
            placeholder={t(sportsOn ? "global-search.sportsPlaceholder" : "global-search.placeholder")}
            data-testid="search-input"
            autoComplete="off"
            enterKeyHint="search"
            className="h-12 w-full rounded-xl border border-line bg-bg/60 pr-10 pl-10 text-[0.95rem] outline-none transition placeholder:text-muted/70 focus:border-accent focus:ring-2 focus:ring-accent/25"
          />
          {waiting && (
            <span
              className="absolute top-1/2 right-3.5 size-4 -translate-y-1/2 animate-spin rounded-full border-2 border-surface-3 border-t-accent"
              aria-hidden="true"
            />
          )}
        </div>

        {typing ? (
          <div aria-live="polite" aria-busy={waiting}>
            {results.error && !waiting ? (
              <InlineError text={t("global-search.error")} onRetry={results.retry} />
            ) : results.data && !waiting && !gamesFound && !sportsFound ? (
              <p className="py-8 text-center text-sm text-muted" data-testid="search-empty">
                {t(sportsOn ? "global-search.nothing" : "global-search.none", { query: text.trim() })}
              </p>
            ) : results.data && query ? (
              sportsFound ? (
                <div className="flex flex-col gap-4">
                  {gamesFound && (
                    <section>
                      <h3 className={HEADING}>{t("global-search.games")}</h3>
                      <ResultList games={gamesFound} open={open} dim={waiting} />
                    </section>
                  )}
                  <section>
                    <h3 className={HEADING}>{t("global-search.sports")}</h3>
                    <SportSearchResults result={sportsFound} dim={waiting} />
                  </section>
                </div>
              ) : (
                <ResultList games={results.data} open={open} dim={waiting} />
              )
            ) : (
              <ResultSkeleton />
            )}
          </div>
        ) : (
          <>
            {loggedIn && recent && recent.length > 0 && (
              <section aria-labelledby={`${inputId}-recent`}>
                <div className="mb-2 flex items-center justify-between">
                  <h3
                    id={`${inputId}-recent`}
                    className="text-xs font-semibold tracking-wider text-muted uppercase"
                  >
                    {t("global-search.recent")}
                  </h3>
                  <Button
                    variant="link"
                    className="text-xs"
                    onClick={() => forget()}
                    data-testid="recent-clear"
                  >
                    {t("global-search.clear")}
                  </Button>
                </div>
                <ul className="flex flex-wrap gap-2" data-testid="recent-searches">
                  {recent.map((r) => (
                    <li
                      key={r.id}
                      className="flex h-9 items-center rounded-full border border-line bg-surface-2 text-sm"
                    >
                      <Pressable
                        onClick={() => setText(r.query)}
                        className="flex h-full items-center gap-1.5 pl-3 pr-1.5"
                      >
                        <ClockIcon size={14} className="text-muted" />
                        {r.query}
                      </Pressable>
                      <Pressable
                        onClick={() => forget(r.id)}
                        aria-label={t("global-search.forget", { query: r.query })}
                        className="grid size-7 place-items-center rounded-full text-muted hover:text-fg"
                      >
                        <CloseIcon size={14} />
                      </Pressable>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <section>
              <h3 className="mb-2 text-xs font-semibold tracking-wider text-muted uppercase">
                {t("global-search.popular")}
              </h3>
              {popular.data ? <ResultList games={popular.data.data} open={open} /> : <ResultSkeleton />}
            </section>
          </>
        )}
      </div>
    </ModalFrame>
  );
}

function ResultList({
  games,
  open,
  dim,
}: {
  games: Game[];
  open: (g: Game) => { to: string } | { onClick: () => void };
  dim?: boolean;
}) {
  const row =
    "flex w-full items-center gap-3 rounded-xl p-2 text-left transition-colors hover:bg-surface-2 focus-visible:bg-surface-2";
  const body = (g: Game) => (
    <>
      <img
        src={g.images.thumbnail}
        alt=""
        loading="lazy"
        className="aspect-[4/3] w-16 shrink-0 rounded-lg object-cover"
      />
      <span className="min-w-0">
        <span className="block truncate text-sm font-semibold">{g.name}</span>
        <span className="block truncate text-xs text-muted">{g.provider.name}</span>
      </span>
    </>
  );
  return (
    <ul className={`-mx-2 flex flex-col ${dim ? "opacity-60" : ""}`} data-testid="search-results">
      {games.map((g) => {
        const action = open(g);
        return (
          <li key={g.id} data-testid="search-result" data-slug={g.slug}>
            {"to" in action ? (
              <Link to={action.to} className={row}>
                {body(g)}
              </Link>
            ) : (
              <Pressable className={row} onClick={action.onClick}>
                {body(g)}
              </Pressable>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function ResultSkeleton() {
  return (
    <div className="flex flex-col gap-2" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-3 p-2">
          <div className="aspect-[4/3] w-16 animate-pulse rounded-lg bg-surface-2" />
          <div className="flex flex-1 flex-col gap-1.5">
            <div className="h-3.5 w-1/2 animate-pulse rounded bg-surface-2" />
            <div className="h-3 w-1/3 animate-pulse rounded bg-surface-2" />
          </div>
        </div>
      ))}
    </div>
  );
}
