import type { GameProvider } from "#common/api/game";
import type { TFunction } from "~/lib/translate";

/**
 * What the home page's way into the casino may say about its size: the games and studios the visitor's lobby
 * really has, counted from the providers' list (decision 0047). A site without the demo data never claims the
 * demo's figures; without the list (not loaded, failed) it claims no figure at all.
 */
export function lobbySize(
  providers: readonly GameProvider[] | null | undefined,
): { games: number; studios: number } | undefined {
  const stocked = (providers ?? []).filter((p) => p.gamesCount > 0);
  if (stocked.length === 0) return undefined;
  return { games: stocked.reduce((sum, p) => sum + p.gamesCount, 0), studios: stocked.length };
}

/** The line under "Explore the casino": with the lobby's counts when known, else one that names none. */
export function homeCtaText(
  t: TFunction<"layout">,
  providers: readonly GameProvider[] | null | undefined,
): string {
  const size = lobbySize(providers);
  if (!size) return t("games.homeCtaText");
  return t("games.homeCtaCount", {
    games: t("games.providers.count", { count: size.games }),
    studios: t("games.studioCount", { count: size.studios }),
  });
}
