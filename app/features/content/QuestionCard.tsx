import { Link } from "react-router";
import type { QuestionSummary } from "#common/api/content";
import { localePath, type SiteLocale } from "#common/i18n/locales";
import { NamedIcon } from "~/components/ui/icons";

/** A question's title and excerpt, linking to its page. */
export function QuestionCard({
  question,
  locale,
  onOpen,
}: {
  question: QuestionSummary;
  locale: SiteLocale;
  onOpen?: () => void;
}) {
  return (
    <Link
      to={localePath(`/questions/${question.identity}`, locale)}
      onClick={onOpen}
      className="group flex h-full items-start gap-4 rounded-card border border-line bg-surface p-4 transition hover:border-accent/50 hover:bg-surface-2 sm:p-5"
    >
      <span className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-lg bg-accent-2/15 text-accent-2">
        <NamedIcon name="question" className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold leading-snug">{question.title}</span>
        <span className="mt-1 line-clamp-2 text-sm leading-relaxed text-muted">{question.excerpt}</span>
      </span>
      <NamedIcon
        name="chevronRight"
        className="mt-1 size-5 shrink-0 text-muted transition group-hover:translate-x-0.5 group-hover:text-accent"
      />
    </Link>
  );
}
