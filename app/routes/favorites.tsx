import type { MetaDescriptor } from "react-router";
import { HeartIcon } from "~/components/ui/icons";
import { requireSessionCookie } from "~/features/auth/guard";
import { gamesMeta } from "~/features/games/meta";
import { PlayerGames } from "~/features/games/PlayerGames";
import { routeLocale } from "~/lib/locale";
import type { Route } from "./+types/favorites";

export function loader({ params, request }: Route.LoaderArgs) {
  const locale = routeLocale(params, request);
  requireSessionCookie(request, locale);
  return { locale };
}

export function meta({ matches }: Route.MetaArgs): MetaDescriptor[] {
  return [...gamesMeta(matches, "favorites.title"), { name: "robots", content: "noindex" }];
}

export default function Favorites() {
  return <PlayerGames kind="favorites" icon={<HeartIcon />} />;
}
