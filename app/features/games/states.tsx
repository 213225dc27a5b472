import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/Button";
import { IconTile } from "~/components/ui/IconTile";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";

/** An empty list's next step as a page of the site: where (in the site's own paths) and what it says. */
export type EmptyNext = { to: string; label: string; primary?: boolean };

/**
 * An empty list: says why, and what to do next: a page to go to (`next`, most often the lobby), or any other
 * `action`.
 */
export function EmptyState({
  title,
  text,
  action,
  next,
  icon,
  testId,
}: {
  title: string;
  text?: string;
  action?: ReactNode;
  next?: EmptyNext;
  icon?: ReactNode;
  testId?: string;
}) {
  const href = useLocalePath();
  return (
    <div
      data-testid={testId ?? "games-empty"}
      className="flex flex-col items-center rounded-2xl border border-dashed border-line px-6 py-14 text-center"
    >
      {icon && (
        <IconTile size="lg" className="mb-3  bg-surface-2 text-muted">
          {icon}
        </IconTile>
      )}
      <p className="text-lg font-bold">{title}</p>
      {text && <p className="mt-1 max-w-md text-sm text-muted">{text}</p>}
      {next && (
        <Link
          to={href(next.to)}
          className={buttonClass(next.primary ? "primary" : "secondary", "md", "mt-4")}
        >
          {next.label}
        </Link>
      )}
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
