import { isPageIdentity } from "#common/validation/identity";
import { ContentPageView } from "~/features/content/ContentPageView";
import { loadContent } from "~/features/content/load";
import { pageMeta } from "~/features/content/meta";
import { apiFor } from "~/lib/api";
import { contentRoute, notFound } from "~/lib/locale";
import { samePathKeepsData } from "~/lib/revalidate";
import type { Route } from "./+types/content-page";

/** `/{slug...}`: any content page by its path ("/vip-club", "/ru/promotions/summer-cup"); unknown ones 404. */
export const shouldRevalidate = samePathKeepsData;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { locale, slug } = contentRoute(params, request);
  if (!isPageIdentity(slug)) notFound(request);
  const page = await loadContent(request, () =>
    apiFor(request, context).get(`/content/pages/${slug}`, { locale }),
  );
  return { page };
}

export function meta({ data }: Route.MetaArgs) {
  return pageMeta(data?.page.title, data?.page.description);
}

export default function ContentPageRoute({ loaderData }: Route.ComponentProps) {
  return <ContentPageView page={loaderData.page} />;
}
