import { data } from "react-router";
import { ApiRequestError } from "~/lib/api";
import { notFound } from "~/lib/locale";

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
