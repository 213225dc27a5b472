import { Link } from "react-router";
import type { GameDetails } from "#common/api/game";
import { compareAmounts } from "#common/money";
import { formatDecimal } from "#common/money-format";
import { Button, buttonClass } from "~/components/ui/Button";
import { PlayIcon } from "~/components/ui/icons";
import { useLocalePath } from "~/features/shell/nav";
import { useIntlLocale } from "~/lib/formats";
import { useTranslation } from "~/lib/i18n-react";

import { useLoggedIn } from "~/lib/session/use-session";
import { useModals } from "~/modals/use-modal";
import { FavoriteButton } from "../GameCard";
import { gameScreenPath } from "../links";
import { gameQueries, useLobby } from "../queries";

/** The game a modal is about (its query value is the game's id or slug). */
export function useModalGame(value: string) {
  const id = value && value !== "true" ? value : null;
  return useLobby(gameQueries.game(id));
}

/** The game's art, name, studio and figures at the top of a game modal. */
export function GameSummary({ game }: { game: GameDetails }) {
  const { t } = useTranslation("layout");
  const loggedIn = useLoggedIn();
  return (
    <div className="flex gap-4">
      <div className="relative w-32 shrink-0 sm:w-36">
        <img src={game.images.thumbnail} alt="" className="aspect-[4/3] w-full rounded-xl object-cover" />
        {loggedIn && <FavoriteButton game={game} className="absolute top-1.5 right-1.5 size-8" />}
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        {/* Labels take their width, values the rest and wrap: a studio's whole name is read (issue 36). */}
        <dl className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] content-start gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-muted">{t("games.details.provider")}</dt>
          <dd data-testid="game-studio" className="font-semibold break-words">
            {game.provider.name}
          </dd>
          <dt className="text-muted">{t("games.details.rtp")}</dt>
          <dd className="font-semibold tabular-nums">{game.rtp}%</dd>
          <dt className="text-muted">{t("games.details.volatility")}</dt>
          <dd className="font-semibold">
            {t(`games.details.volatilities.${game.volatility}`, { defaultValue: game.volatility })}
          </dd>
        </dl>
        <BonusWagering wagering={game.bonusWagering} />
      </div>
    </div>
  );
}

/** Whether the game's rounds count toward a bonus's wagering, and from which win multiplier (decision 0065). */
function BonusWagering({ wagering }: { wagering: GameDetails["bonusWagering"] }) {
  const { t } = useTranslation("layout");
  const locale = useIntlLocale();
  const min =
    wagering.counts && compareAmounts(wagering.minMultiplier, "1") > 0
      ? formatDecimal(
          new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
          wagering.minMultiplier,
        )
      : undefined;
  return (
    <p data-testid="game-bonus-wagering" className="text-xs text-muted">
      {t(wagering.counts ? "games.details.wagering.counts" : "games.details.wagering.notCounted")}
      {min && ` · ${t("games.details.wagering.minMultiplier", { multiplier: min })}`}
    </p>
  );
}

/**
 * The buttons of a game modal: a player plays for real or in demo; a guest plays the demo or signs in (or
 * up) to play for real. Leaving for the game closes the modal with the page.
 */
export function GameChoices({ game, closeId }: { game: GameDetails; closeId: string }) {
  const { t } = useTranslation("modals");
  const href = useLocalePath();
  const loggedIn = useLoggedIn();
  const modals = useModals();
  const demo = game.hasDemo && game.isAvailable && (
    <Link
      to={href(gameScreenPath(game.slug, false))}
      data-testid="offer-demo"
      className={buttonClass(loggedIn ? "secondary" : "primary", "lg", "flex-1")}
    >
      <PlayIcon size={18} fill="currentColor" /> {t("games.playDemo")}
    </Link>
  );
  if (!game.isAvailable) return <p className="text-sm text-danger">{t("games.notAvailable")}</p>;
  return loggedIn ? (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Link
        to={href(gameScreenPath(game.slug, true))}
        data-testid="offer-real"
        className={buttonClass("primary", "lg", "flex-1")}
      >
        <PlayIcon size={18} fill="currentColor" /> {t("games.playReal")}
      </Link>
      {demo}
    </div>
  ) : (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col gap-2 sm:flex-row">
        {demo}
        <Button
          variant={game.hasDemo ? "secondary" : "primary"}
          size="lg"
          data-testid="offer-sign-in"
          onClick={() => modals.swap([closeId], "sign-in")}
          className="flex-1"
        >
          {t("games.signInToPlay")}
        </Button>
      </div>
      <p className="text-center text-sm text-muted">
        {t("games.noAccount")}{" "}
        <Button variant="link" onClick={() => modals.swap([closeId], "sign-up")}>
          {t("games.signUp")}
        </Button>
      </p>
    </div>
  );
}

/** While the game loads, and when it cannot: the modal keeps its size and says what happened. */
export function GameModalBody({
  game,
  children,
}: {
  game: ReturnType<typeof useModalGame>;
  children: (g: GameDetails) => React.ReactNode;
}) {
  const { t } = useTranslation("modals");
  if (game.data) return <>{children(game.data)}</>;
  if (game.error)
    return (
      <div className="flex flex-col items-center gap-3 py-4 text-center text-sm">
        <p>{t("games.loadFailed")}</p>
        <Button variant="secondary" size="lg" onClick={game.retry}>
          {t("games.retry")}
        </Button>
      </div>
    );
  return (
    <div className="flex gap-4" aria-hidden="true">
      <div className="aspect-[4/3] w-32 animate-pulse rounded-xl bg-surface-2 sm:w-36" />
      <div className="flex flex-1 flex-col gap-2">
        <div className="h-4 w-3/4 animate-pulse rounded bg-surface-2" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-surface-2" />
        <div className="h-4 w-2/3 animate-pulse rounded bg-surface-2" />
      </div>
    </div>
  );
}

/** A game offered in a modal (a guest's Play, a phone's sheet): what it is, then real money or the demo. */
export function GameOffer({ game, closeId }: { game: ReturnType<typeof useModalGame>; closeId: string }) {
  return (
    <GameModalBody game={game}>
      {(g) => (
        <div className="flex flex-col gap-5">
          <GameSummary game={g} />
          <GameChoices game={g} closeId={closeId} />
        </div>
      )}
    </GameModalBody>
  );
}
