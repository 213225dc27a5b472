import { useNavigation } from "react-router";
import { loadContent } from "~/features/content/load";
import { pageMeta } from "~/features/content/meta";
import { PageHeader, Pending } from "~/features/content/PageHeader";
import { QuestionCard, StillNeedHelp } from "~/features/content/QuestionCard";
import { rememberListScroll, useRestoreListScroll } from "~/features/content/scroll-memory";
import { apiFor } from "~/lib/api";
import { routeLocale } from "~/lib/locale";
import { samePathKeepsData } from "~/lib/revalidate";
import type { Route } from "./+types/questions";

export const shouldRevalidate = samePathKeepsData;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = routeLocale(params, request);
  const api = apiFor(request, context);
  const [list, help] = await loadContent(request, () =>
    Promise.all([api.get("/content/questions", { locale }), api.get("/content/help", { locale })]),
  );
  return { locale, categories: list.categories, texts: help.questions };
}

export function meta({ data }: Route.MetaArgs) {
  return pageMeta(data?.texts.title, data?.texts.description);
}

export default function Questions({ loaderData }: Route.ComponentProps) {
  const { locale, categories, texts } = loaderData;
  const pending = useNavigation().state === "loading";
  useRestoreListScroll();
  return (
    <Pending pending={pending}>
      <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
        <PageHeader title={texts.title} intro={texts.intro}>
          {categories.length > 1 ? (
            <nav className="mt-5 flex flex-wrap gap-2" aria-label={texts.title}>
              {categories.map((c) => (
                <a
                  key={c.category}
                  href={`#${c.category}`}
                  className="rounded-full border border-line bg-surface px-4 py-1.5 text-sm font-semibold transition hover:border-accent/60"
                >
                  {c.title}
                </a>
              ))}
            </nav>
          ) : null}
        </PageHeader>
        {categories.length === 0 ? (
          <p className="rounded-card border border-line bg-surface p-8 text-center text-muted">
            {texts.empty}
          </p>
        ) : (
          <div className="flex flex-col gap-10">
            {categories.map((c) => (
              <section
                key={c.category}
                id={c.category}
                aria-labelledby={`${c.category}-title`}
                className="scroll-mt-24"
              >
                <h2 id={`${c.category}-title`} className="mb-4 text-xl font-bold">
                  {c.title}
                </h2>
                <ul className="grid gap-3 md:grid-cols-2">
                  {c.questions.map((q) => (
                    <li key={q.identity}>
                      <QuestionCard question={q} locale={locale} onOpen={rememberListScroll} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
        <StillNeedHelp texts={texts} locale={locale} className="mt-12 p-6" />
      </div>
    </Pending>
  );
}
