import { Link } from "react-router";
import type { Game } from "#common/api/game";
import { Pressable } from "~/components/ui/Button";
import { HeartIcon, PlayIcon } from "~/components/ui/icons";
import { useIsMobile } from "~/lib/device";
import { useTranslation } from "~/lib/i18n-react";
import { useFavorite } from "./favorites";
import { LazyImage } from "./LazyImage";
import { useGameLinks } from "./links";

/** The heart of a game: players only; it turns at once and turns back if the server refuses. */
export function FavoriteButton({ game, className = "" }: { game: Game; className?: string }) {
  const { t } = useTranslation("layout");
  const { on, busy, toggle } = useFavorite(game);
  return (
    <Pressable
      aria-pressed={on}
      aria-label={t(on ? "games.card.unfavorite" : "games.card.favorite", { name: game.name })}
      title={t(on ? "games.card.unfavorite" : "games.card.favorite", { name: game.name })}
      disabled={busy}
      data-testid="favorite-toggle"
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        toggle(!on, t("games.card.favoriteFailed"));
      }}
      className={`grid size-9 place-items-center rounded-full backdrop-blur-sm transition ${
        on ? "bg-danger/90 text-white" : "bg-black/45 text-white hover:bg-black/65"
      } ${className}`}
    >
      <HeartIcon size={18} fill={on ? "currentColor" : "none"} />
    </Pressable>
  );
}

/**
 * A game in a row or the grid: its art, name and studio; on a desktop Play and Demo appear over the art on
 * hover or keyboard focus, on a phone a tap opens the game's sheet (`mobile-game`).
 */
export function GameCard({ game }: { game: Game }) {
  const { t } = useTranslation("layout");
  const mobile = useIsMobile();
  const links = useGameLinks();
  return (
    <article
      data-testid="game-card"
      data-slug={game.slug}
      className="group relative flex min-w-0 flex-col gap-2"
      aria-label={game.name}
    >
      <div className="relative overflow-hidden rounded-xl border border-line/60 shadow-[0_10px_30px_-18px_rgba(0,0,0,0.8)] transition duration-200 group-hover:-translate-y-0.5 group-hover:border-accent/50">
        <LazyImage src={game.images.thumbnail} alt="" className="aspect-[4/3]" />
        {mobile ? (
          <Link
            to={links.sheet(game.slug)}
            preventScrollReset
            className="absolute inset-0"
            aria-label={t("games.card.open", { name: game.name })}
          />
        ) : (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-bg/70 opacity-0 backdrop-blur-[2px] transition-opacity duration-200 group-focus-within:opacity-100 group-hover:opacity-100">
            <Link
              to={links.play(game.slug)}
              preventScrollReset={!links.loggedIn}
              data-testid="game-play"
              aria-label={t("games.card.playName", { name: game.name })}
              className="grid size-14 place-items-center rounded-full bg-accent text-accent-fg shadow-[0_8px_24px_-6px_var(--c-accent)] transition hover:scale-105 focus-visible:scale-105"
            >
              <PlayIcon size={26} fill="currentColor" />
            </Link>
            {game.hasDemo && (
              <Link
                to={links.demo(game.slug)}
                data-testid="game-demo"
                aria-label={t("games.card.demoName", { name: game.name })}
                className="rounded-full border border-white/25 bg-black/35 px-3.5 py-1 text-xs font-bold text-white transition hover:bg-black/60"
              >
                {t("games.card.demo")}
              </Link>
            )}
          </div>
        )}
        {links.loggedIn && <FavoriteButton game={game} className="absolute top-2 right-2" />}
      </div>
      <div className="min-w-0 px-0.5">
        <h3 className="truncate text-sm font-semibold" title={game.name}>
          {game.name}
        </h3>
        <p className="truncate text-xs text-muted">{game.provider.name}</p>
      </div>
    </article>
  );
}

/**
 * The shape of a card while its list loads, to the pixel: the art's bordered 4:3 box, then a name line
 * (text-sm, 20px) and a studio line (text-xs, 16px). The card replaces it without moving anything (issue #20).
 */
export function GameCardSkeleton() {
  // Drawn by app.css (.game-skeleton): 18 of these are in the home page's HTML.
  return (
    <div className="game-skeleton" aria-hidden="true">
      <span />
      <span />
    </div>
  );
}
