import { Button } from "~/components/ui/Button";
import { useTranslation } from "~/lib/i18n-react";

/** A profile section whose data did not load: said as an alert, on one line with a way to try again. */
export function ProfileSectionFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation("layout");
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm"
    >
      {t("profile.failed")}
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t("profile.retry")}
      </Button>
    </div>
  );
}
