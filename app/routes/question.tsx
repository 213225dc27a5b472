import { Link } from "react-router";
import { isPageIdentity } from "#common/validation/identity";
import { NamedIcon } from "~/components/ui/icons";
import { loadContent } from "~/features/content/load";
import { pageMeta } from "~/features/content/meta";
import { Prose } from "~/features/content/Prose";
import { StillNeedHelp } from "~/features/content/QuestionCard";
import { returnToListState } from "~/features/content/scroll-memory";
import { apiFor } from "~/lib/api";
import { localePath, notFound, routeLocale } from "~/lib/locale";
import { samePathKeepsData } from "~/lib/revalidate";
import type { Route } from "./+types/question";

export const shouldRevalidate = samePathKeepsData;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = routeLocale(params, request);
  if (!isPageIdentity(params.pageIdentity)) notFound(request);
  const api = apiFor(request, context);
  const [question, help] = await loadContent(request, () =>
    Promise.all([
      api.get(`/content/questions/${params.pageIdentity}`, { locale }),
      api.get("/content/help", { locale }),
    ]),
  );
  return { locale, question, texts: help.questions };
}

export function meta({ data }: Route.MetaArgs) {
  return pageMeta(data?.question.title, data?.question.excerpt);
}

export default function QuestionPage({ loaderData }: Route.ComponentProps) {
  const { locale, question, texts } = loaderData;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <div className="mx-auto max-w-3xl">
        {/* A new navigation that keeps the page where it is, so the list can put back its own position. */}
        <Link
          to={localePath("/questions", locale)}
          state={returnToListState}
          preventScrollReset
          className="inline-flex items-center gap-2 text-sm font-semibold text-muted transition hover:text-fg"
        >
          <NamedIcon name="arrowLeft" className="size-4" />
          {texts.backToList}
        </Link>
        <article
          lang={question.locale}
          className="mt-4 rounded-card border border-line bg-surface px-5 py-7 sm:px-10 sm:py-10"
        >
          <p className="text-xs font-bold uppercase tracking-[0.14em] text-accent">
            {question.categoryTitle}
          </p>
          <h1 className="mt-2 text-2xl font-extrabold leading-tight tracking-tight text-balance sm:text-3xl">
            {question.title}
          </h1>
          <Prose html={question.html} className="mt-5" />
        </article>
        <StillNeedHelp texts={texts} locale={locale} className="mt-6 p-5" />
      </div>
    </div>
  );
}
