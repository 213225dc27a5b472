import { Link } from "react-router";
import type { GameCollection, GameProvider } from "#common/api/game";
import { IconTile } from "~/components/ui/IconTile";
import { DiceIcon } from "~/components/ui/icons";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
import { GameRow, GameRowSkeleton } from "./GameRow";
import { homeCtaText } from "./lobby-size";
import { gameQueries, useLobby } from "./queries";

/** How many collections the home page shows as rows; the lobby has all of them. */
export const HOME_ROWS = 3;

/** The home page's casino: the first collections as rows and a way into the lobby. */
export function HomeGames({
  initial,
  providers: initialProviders,
}: {
  initial?: GameCollection[] | null;
  providers?: GameProvider[] | null;
}) {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  // The server's list (the home loader's) draws the rows' frames on the first paint; only their games load after.
  const collections = useLobby({ ...gameQueries.collections(), initialData: initial ?? undefined });
  // The lobby's size as the providers' list counts it, from the loader too, so the line never changes after paint.
  const providers = useLobby({ ...gameQueries.providers(), initialData: initialProviders ?? undefined });
  // The home page stays useful without the lobby: a failed call shows no rows rather than an error.
  if (collections.error && !collections.data) return null;
  const rows = collections.data?.filter((c) => c.gamesCount > 0).slice(0, HOME_ROWS);
  return (
    <div className="flex flex-col gap-8" data-testid="home-games">
      {rows
        ? rows.map((c) => <GameRow key={c.id} collection={c} />)
        : Array.from({ length: HOME_ROWS }, (_, i) => <GameRowSkeleton key={i} />)}
      <Link
        to={href("/games")}
        className="group flex items-center justify-between gap-4 rounded-card border border-line bg-gradient-to-r from-accent/15 via-surface to-accent-2/15 p-5 transition-colors hover:border-accent/50"
      >
        <span className="flex items-center gap-4">
          <IconTile size="lg" className="bg-accent text-accent-fg" icon={DiceIcon} />
          <span>
            <span className="block font-bold">{t("games.homeCta")}</span>
            <span className="block text-sm text-muted">{homeCtaText(t, providers.data)}</span>
          </span>
        </span>
        <span className="hidden shrink-0 rounded-xl bg-accent px-4 py-2 text-sm font-bold text-accent-fg sm:block">
          {t("games.browse")}
        </span>
      </Link>
    </div>
  );
}
