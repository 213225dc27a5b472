import type { ReactNode } from "react";
import { Button } from "~/components/ui/Button";
import { useTranslation } from "~/lib/i18n-react";

/** An empty list: says why, and what to do next. */
export function EmptyState({
  title,
  text,
  action,
  icon,
  testId,
}: {
  title: string;
  text?: string;
  action?: ReactNode;
  icon?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      data-testid={testId ?? "games-empty"}
      className="flex flex-col items-center rounded-2xl border border-dashed border-line px-6 py-14 text-center"
    >
      {icon && (
        <span className="mb-3 grid size-12 place-items-center rounded-2xl bg-surface-2 text-muted">
          {icon}
        </span>
      )}
      <p className="text-lg font-bold">{title}</p>
      {text && <p className="mt-1 max-w-md text-sm text-muted">{text}</p>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}

/** A list that did not load: a retry, never a blank space. */
export function ErrorState({ onRetry, text }: { onRetry: () => void; text?: string }) {
  const { t } = useTranslation("layout");
  return (
    <div
      role="alert"
      data-testid="games-error"
      className="rounded-2xl border border-danger/40 bg-danger/10 p-6 text-center"
    >
      <p className="font-semibold">{text ?? t("games.error")}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        {t("games.retry")}
      </Button>
    </div>
  );
}

/** The heading of a lobby section, with an optional link or buttons on the right. */
export function SectionTitle({ id, title, action }: { id?: string; title: ReactNode; action?: ReactNode }) {
  return (
    <div className="mb-3 flex items-center justify-between gap-4">
      <h2 id={id} className="text-lg font-bold tracking-tight sm:text-xl">
        {title}
      </h2>
      {action}
    </div>
  );
}

/** The small failure of a list inside a modal: what failed and a retry link. */
export function InlineError({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation("layout");
  return (
    <div className="flex flex-col items-center gap-2 py-4 text-center text-sm">
      <p>{text}</p>
      <Button variant="link" onClick={onRetry}>
        {t("games.retry")}
      </Button>
    </div>
  );
}
