import { useTranslation } from "react-i18next";

const BUTTON =
  "h-10 rounded-xl border border-line px-4 text-sm font-semibold hover:bg-surface-2 disabled:opacity-40";

/** Previous / "page N of M" / next under a paged history (invoices, spins); nothing when one page holds all. */
export function Pager({
  page,
  pages,
  label,
  onPage,
}: {
  page: number;
  pages: number;
  /** "Page N of M" in the list's own words. */
  label: string;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation("layout");
  if (pages <= 1) return null;
  return (
    <nav className="mt-4 flex items-center justify-between gap-3" aria-label={label}>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)} className={BUTTON}>
        {t("wallet.history.prev")}
      </button>
      <span className="text-sm text-muted" data-testid="history-page">
        {label}
      </span>
      <button
        type="button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        data-testid="history-next"
        className={BUTTON}
      >
        {t("wallet.history.next")}
      </button>
    </nav>
  );
}
