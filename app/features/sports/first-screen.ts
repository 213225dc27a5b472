import type { AppLoadContext } from "react-router";
import { apiFor } from "~/lib/api";

/** Where the built-in sportsbook's first screen goes in the page (app/lib/server-html.tsx). */
export const FIRST_SCREEN_ID = "sports-first-screen";

/**
 * Asks the built-in sportsbook to draw the overview into this page (issue 41, decision 0070): a phone sees the
 * odds at first paint, the widget takes the place when it runs. Only a page's own request carries it (a client
 * navigation has the widget running already); with a real provider, or on any failure, the page keeps its
 * skeleton.
 */
export async function drawFirstScreen(
  request: Request,
  context: AppLoadContext,
  locale: string,
): Promise<void> {
  if (!context.documentRequest) return;
  try {
    const { data } = await apiFor(request, context).get("/sportsbook/first-screen", { locale });
    context.serverHtml.set(FIRST_SCREEN_ID, data);
  } catch {
    // 404 (another provider's widgets) or 503 (sports off): the skeleton it is.
  }
}
