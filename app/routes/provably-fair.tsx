import { pageMeta } from "~/features/content/meta";
import { VerifyPage } from "~/features/house-games/VerifyPage";
import { routeLocale } from "~/lib/locale";
import type { Route } from "./+types/provably-fair";

/** `/provably-fair`: recompute a house game's round from its seeds, in the browser. */
export function loader({ params, request }: Route.LoaderArgs) {
  return { locale: routeLocale(params, request) };
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches.find((m) => m?.id === "root")?.data as
    | { dictionaries?: { layout?: { houseGames?: { verifyPage?: { title?: string; intro?: string } } } } }
    | undefined;
  const texts = root?.dictionaries?.layout?.houseGames?.verifyPage;
  return pageMeta(texts?.title, texts?.intro);
}

export default function ProvablyFair() {
  return <VerifyPage />;
}
