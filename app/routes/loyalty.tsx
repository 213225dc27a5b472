import type { MetaDescriptor } from "react-router";
import { bonusesMeta } from "~/features/bonuses/meta";
import { LoyaltyPage } from "~/features/loyalty/LoyaltyPage";
import { metaTexts } from "~/lib/i18n";
import { programmePageLoader } from "~/lib/route-guards";
import type { Route } from "./+types/loyalty";

/** `/loyalty`: the levels and what each gives (server-rendered), and for a player their level and progress. */
export async function loader(args: Route.LoaderArgs) {
  const { locale, initial } = await programmePageLoader(args, "loyalty", (client) =>
    client.get("/retention/levels").then((r) => r.data),
  );
  return { locale, levels: initial ?? null };
}

export function meta({ matches }: Route.MetaArgs): MetaDescriptor[] {
  const layout = metaTexts<{ loyalty?: { title?: string } }>(matches);
  return bonusesMeta([], "", layout?.loyalty?.title);
}

export default function Loyalty({ loaderData }: Route.ComponentProps) {
  return <LoyaltyPage initialLevels={loaderData.levels} />;
}
