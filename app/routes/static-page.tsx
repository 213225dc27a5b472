import { isPageIdentity } from "#common/validation/identity";
import { ContentPageView } from "~/features/content/ContentPageView";
import { loadContent } from "~/features/content/load";
import { pageMeta } from "~/features/content/meta";
import { apiFor } from "~/lib/api";
import { notFound, routeLocale } from "~/lib/locale";
import { samePathKeepsData } from "~/lib/revalidate";
import type { Route } from "./+types/static-page";

/** `/static/{pageIdentity}`: terms, privacy, responsible gaming and the other operator pages. */
export const shouldRevalidate = samePathKeepsData;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = routeLocale(params, request);
  if (!isPageIdentity(params.pageIdentity)) notFound(request);
  const page = await loadContent(request, () =>
    apiFor(request, context).get(`/content/pages/${params.pageIdentity}`, { locale }),
  );
  return { page };
}

export function meta({ data }: Route.MetaArgs) {
  return pageMeta(data?.page.title, data?.page.description);
}

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  return <ContentPageView page={loaderData.page} />;
}
