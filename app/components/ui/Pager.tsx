import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import type { PageMeta } from "#common/api/paging";
import { useTranslation } from "~/lib/i18n-react";
import { buttonClass } from "./Button";

/**
 * Previous / "page N of M" / next under a paged list (invoices, spins, sessions); nothing when one page holds
 * all. The meta comes from the API's one paging rule (common/api/paging.ts).
 */
export function Pager({
  meta,
  label,
  busy,
  prev,
  next,
  ...own
}: {
  /** The page on show and how to go to another; the address's `?page=N` (usePageParam) unless given. */
  page?: number;
  onPage?: (page: number) => void;
  /** The list's page meta as the API sent it; nothing is shown before the first page has come. */
  meta: PageMeta | undefined;
  /** "Page N of M" in the list's own words. */
  label: (page: number, pages: number) => string;
  /** Shown beside the label while the next page loads. */
  busy?: ReactNode;
  prev?: string;
  next?: string;
}) {
  const { t } = useTranslation("layout");
  const [addressPage, goAddressPage] = usePageParam();
  const page = own.page ?? addressPage;
  const onPage = own.onPage ?? goAddressPage;
  if (!meta || meta.totalPages <= 1) return null;
  const pages = meta.totalPages;
  const button = buttonClass("secondary", "sm", "disabled:opacity-40");
  return (
    <nav className="mt-4 flex items-center justify-between gap-3" aria-label={label(page, pages)}>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)} className={button}>
        {prev ?? t("wallet.history.prev")}
      </button>
      <span className="flex items-center gap-2 text-sm text-muted" data-testid="history-page">
        {busy}
        {label(page, pages)}
      </span>
      <button
        type="button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        data-testid="history-next"
        className={button}
      >
        {next ?? t("wallet.history.next")}
      </button>
    </nav>
  );
}

/** The page of a paged list kept in the address (`?page=N`, none for the first), and how to go to another. */
export function usePageParam(): [page: number, goPage: (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const goPage = (n: number) =>
    setParams(
      (q) => {
        if (n <= 1) q.delete("page");
        else q.set("page", String(n));
        return q;
      },
      { preventScrollReset: true },
    );
  return [page, goPage];
}
