import type { MetaDescriptor } from "react-router";
import { HeartIcon } from "~/components/ui/icons";
import { gamesMeta } from "~/features/games/meta";
import { PlayerGames } from "~/features/games/PlayerGames";
import { playerPageLoader } from "~/lib/route-guards";
import type { Route } from "./+types/favorites";

export const loader = playerPageLoader;

export function meta({ matches }: Route.MetaArgs): MetaDescriptor[] {
  return [...gamesMeta(matches, "favorites.title"), { name: "robots", content: "noindex" }];
}

export default function Favorites() {
  return <PlayerGames kind="favorites" icon={<HeartIcon />} />;
}
