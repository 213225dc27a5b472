import { data, type Params } from "react-router";
import type { HelpContent } from "#common/api/content";
import type { SiteLocale } from "#common/i18n/locales";
import { ApiRequestError, apiFor } from "~/lib/api";
import { notFound, routeLocale } from "~/lib/locale";

/**
 * A loader's call to the content service: a 404 becomes the site's 404 page for this address, any other
 * failure the error page with its status, so a screen never renders half its data.
 */
export async function loadContent<T>(request: Request, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ApiRequestError && err.status === 404) notFound(request);
    const status = err instanceof ApiRequestError && err.status >= 400 ? err.status : 503;
    throw data(err instanceof Error ? err.message : "The content service did not answer", { status });
  }
}

/** The loader of a help screen (support, contact): the page's locale and that screen's texts from the help content. */
export async function loadHelpScreen<K extends "support" | "contact">(
  { params, request, context }: { params: Params; request: Request; context?: Parameters<typeof apiFor>[1] },
  screen: K,
): Promise<{ locale: SiteLocale; texts: HelpContent[K] }> {
  const locale = routeLocale(params, request);
  const help = await loadContent(request, () => apiFor(request, context).get("/content/help", { locale }));
  return { locale, texts: help[screen] };
}
