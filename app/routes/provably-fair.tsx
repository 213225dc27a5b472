import { pageMeta } from "~/features/content/meta";
import { VerifyPage } from "~/features/house-games/VerifyPage";
import { metaTexts } from "~/lib/i18n";
import { localeLoader } from "~/lib/locale";
import type { Route } from "./+types/provably-fair";

/** `/provably-fair`: recompute a house game's round from its seeds, in the browser. */
export const loader = localeLoader;

export function meta({ matches }: Route.MetaArgs) {
  const layout = metaTexts<{ houseGames?: { verifyPage?: { title?: string; intro?: string } } }>(matches);
  const texts = layout?.houseGames?.verifyPage;
  return pageMeta(texts?.title, texts?.intro);
}

export default function ProvablyFair() {
  return <VerifyPage />;
}
