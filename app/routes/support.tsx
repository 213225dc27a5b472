import { loadContent } from "~/features/content/load";
import { pageMeta } from "~/features/content/meta";
import { SupportView } from "~/features/content/SupportView";
import { apiFor } from "~/lib/api";
import { routeLocale } from "~/lib/locale";
import { samePathKeepsData } from "~/lib/revalidate";
import type { Route } from "./+types/support";

export const shouldRevalidate = samePathKeepsData;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = routeLocale(params, request);
  const help = await loadContent(request, () => apiFor(request, context).get("/content/help", { locale }));
  return { locale, support: help.support };
}

export function meta({ data }: Route.MetaArgs) {
  return pageMeta(data?.support.title, data?.support.description);
}

export default function Support({ loaderData }: Route.ComponentProps) {
  return <SupportView support={loaderData.support} locale={loaderData.locale} />;
}
