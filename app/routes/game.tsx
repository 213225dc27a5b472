import type { ShouldRevalidateFunctionArgs } from "react-router";
import { pageMeta } from "~/features/content/meta";
import { GameScreen } from "~/features/games/GameScreen";
import { apiFor } from "~/lib/api";
import { routeLocale } from "~/lib/locale";
import { orNotFound } from "~/lib/route-guards";
import type { Route } from "./+types/game";

/** `/game/{id}` (route game-id): demo by default, real money with `?real=true`; an unknown game is a 404. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = routeLocale(params, request);
  const game = await orNotFound(
    request,
    apiFor(request, context)
      .get(`/game/games/${encodeURIComponent(params.id)}`)
      .then((r) => r.data),
  );
  return { locale, game, real: new URL(request.url).searchParams.get("real") === "true" };
}

/** Modals opening over the game change the query only: the game stays loaded (and the frame keeps its round). */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const realOf = (u: URL) => u.searchParams.get("real") === "true";
  if (currentUrl.pathname === nextUrl.pathname && realOf(currentUrl) === realOf(nextUrl)) return false;
  return defaultShouldRevalidate;
}

export const meta = ({ data }: Route.MetaArgs) => [
  ...pageMeta(data?.game.name, data?.game.description),
  ...(data?.game.images.thumbnail ? [{ property: "og:image", content: data.game.images.thumbnail }] : []),
];

export default function Game({ loaderData }: Route.ComponentProps) {
  return <GameScreen game={loaderData.game} real={loaderData.real} />;
}
