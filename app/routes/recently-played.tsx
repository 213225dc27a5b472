import type { MetaDescriptor } from "react-router";
import { HistoryIcon } from "~/components/ui/icons";
import { gamesMeta } from "~/features/games/meta";
import { PlayerGames } from "~/features/games/PlayerGames";
import { playerPageLoader } from "~/lib/route-guards";
import type { Route } from "./+types/recently-played";

export const loader = playerPageLoader;

export function meta({ matches }: Route.MetaArgs): MetaDescriptor[] {
  return [...gamesMeta(matches, "played.title"), { name: "robots", content: "noindex" }];
}

export default function RecentlyPlayed() {
  return <PlayerGames kind="played" icon={<HistoryIcon />} />;
}
