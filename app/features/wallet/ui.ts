import { useLocation, useNavigate } from "react-router";

/** The wallet's fields' look (the buttons are the kit's, app/components/ui/Button). */
export const field = (error?: boolean) =>
  `w-full rounded-xl border bg-bg/60 px-4 py-3 text-[0.95rem] outline-none transition placeholder:text-muted/70 focus:border-accent focus:ring-2 focus:ring-accent/25 disabled:opacity-60 ${error ? "border-danger" : "border-line"}`;

/** The Intl locale of the page's dates, numbers and money: the player's format (app/lib/formats.ts). */
export { useIntlLocale } from "~/lib/formats";

/**
 * Replaces modal parameters in the address in one step: `swap({ wallet: null, "deposit-status": "42" })`
 * closes the wallet and opens the status of invoice 42 without a history entry in between.
 */
export function useSwapModals() {
  const location = useLocation();
  const navigate = useNavigate();
  return (changes: Record<string, string | null>, replace = false) => {
    const q = new URLSearchParams(location.search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) q.delete(k);
      else q.set(k, v);
    }
    const search = q.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
      { replace, preventScrollReset: true },
    );
  };
}
