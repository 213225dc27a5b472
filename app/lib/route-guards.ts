import type { Params } from "react-router";
import { requireSessionCookie } from "~/features/auth/guard";
import { type Api, ApiRequestError, apiFor } from "./api";
import { notFound, routeLocale } from "./locale";

/** The loader of a page that is the player's own (spec point 2): its locale, and a guest sent to sign in. */
export function playerPageLoader({ params, request }: { params: Params; request: Request }) {
  const locale = routeLocale(params, request);
  requireSessionCookie(request, locale);
  return { locale };
}

/**
 * The loader of a programme's page (loyalty, referral): 404 while the operator has the programme off. What it
 * shows every visitor (the levels, the terms) is read for the first paint; a failure to read it is a state of
 * the page (with a retry), not an error page, so it comes back as nothing read.
 */
export async function programmePageLoader<T>(
  { params, request, context }: { params: Params; request: Request; context?: Parameters<typeof apiFor>[1] },
  programme: "loyalty" | "referral",
  read: (client: Api) => Promise<T>,
): Promise<{ locale: ReturnType<typeof routeLocale>; initial: T | undefined }> {
  const locale = routeLocale(params, request);
  const client = apiFor(request, context);
  const init = await client.get("/player/init");
  if (!init[programme]?.enabled) notFound(request);
  const initial = await read(client).catch(() => undefined);
  return { locale, initial };
}

/** A loader's read of the one thing its page shows (a game, a studio): the API's 404 for it is this page's 404. */
export async function orNotFound<T>(request: Request, read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof ApiRequestError && err.status === 404) notFound(request);
    throw err;
  }
}
