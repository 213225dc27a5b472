import { loadHelpScreen } from "~/features/content/load";
import { pageMeta } from "~/features/content/meta";
import { SupportView } from "~/features/content/SupportView";
import { samePathKeepsData } from "~/lib/revalidate";
import type { Route } from "./+types/support";

export const shouldRevalidate = samePathKeepsData;

export const loader = (args: Route.LoaderArgs) => loadHelpScreen(args, "support");

export function meta({ data }: Route.MetaArgs) {
  return pageMeta(data?.texts.title, data?.texts.description);
}

export default function Support({ loaderData }: Route.ComponentProps) {
  return <SupportView support={loaderData.texts} locale={loaderData.locale} />;
}
