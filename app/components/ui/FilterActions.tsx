import { useTranslation } from "~/lib/i18n-react";

/**
 * The end of a filtered list's filter form: inline on a desktop, a quiet "Reset" (the fields apply as they
 * change); in the phone's sheet, "Reset" and "Apply" side by side (the form's submit applies).
 */
export function FilterActions({
  inline,
  onReset,
  applyTestId,
}: {
  inline: boolean;
  onReset: () => void;
  applyTestId: string;
}) {
  const { t } = useTranslation("layout");
  const resetLabel = t("wallet.history.reset");
  if (inline)
    return (
      <button
        type="button"
        onClick={onReset}
        className="h-11 rounded-xl px-3 text-sm font-semibold text-muted hover:bg-surface-2 hover:text-fg"
      >
        {resetLabel}
      </button>
    );
  return (
    <div className="mt-2 grid grid-cols-2 gap-2">
      <button
        type="button"
        onClick={onReset}
        className="h-12 rounded-xl border border-line text-sm font-semibold"
      >
        {resetLabel}
      </button>
      <button
        type="submit"
        data-testid={applyTestId}
        className="h-12 rounded-xl bg-accent text-sm font-bold text-accent-fg"
      >
        {t("wallet.history.apply")}
      </button>
    </div>
  );
}
