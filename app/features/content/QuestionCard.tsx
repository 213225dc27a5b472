import { Link } from "react-router";
import type { QuestionSummary } from "#common/api/content";
import { localePath, type SiteLocale } from "#common/i18n/locales";
import { NamedIcon } from "~/components/ui/icons";
import { ContentLink } from "./links";

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
      className="group question-card"
    >
      <span className="question-card-badge">
        <NamedIcon name="question" className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold leading-snug">{question.title}</span>
        <span className="mt-1 line-clamp-2 text-sm leading-relaxed text-muted">{question.excerpt}</span>
      </span>
      <NamedIcon name="chevronRight" className="question-card-arrow" />
    </Link>
  );
}

/** Questions as cards, two to a row from a small screen up. */
export function QuestionList({ questions, locale }: { questions: QuestionSummary[]; locale: SiteLocale }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {questions.map((q) => (
        <li key={q.identity}>
          <QuestionCard question={q} locale={locale} />
        </li>
      ))}
    </ul>
  );
}

/** Under the questions: "still need help?" and the way to the contact form. */
export function StillNeedHelp({
  texts,
  locale,
  className,
}: {
  texts: { stillNeedHelp: string; contactLink: { href: string; label: string } };
  locale: SiteLocale;
  className: string;
}) {
  return (
    <div
      className={`flex flex-col items-start gap-3 rounded-card border border-line bg-surface sm:flex-row sm:items-center sm:justify-between ${className}`}
    >
      <p className="font-semibold">{texts.stillNeedHelp}</p>
      <ContentLink
        href={texts.contactLink.href}
        locale={locale}
        className="inline-flex items-center gap-2 rounded-full bg-accent px-5 py-2.5 text-sm font-bold text-accent-fg hover:brightness-110"
      >
        <NamedIcon name="mail" className="size-4" />
        {texts.contactLink.label}
      </ContentLink>
    </div>
  );
}
