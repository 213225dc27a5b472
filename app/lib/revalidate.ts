import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * For pages whose data depends on the path only: a change of the query string alone (a modal opening or
 * closing, spec point 2) keeps the data instead of fetching the page again.
 */
export function samePathKeepsData({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod === undefined && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}
