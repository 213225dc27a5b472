import { useEffect } from "react";
import { Link, useParams, useRouteLoaderData } from "react-router";
import { ArrowLeftIcon } from "~/components/ui/icons";
import { reloadAfterChunkError } from "~/lib/build-check";
import { reportError } from "~/lib/error-reporting";
import { dictionaryOf, type RootTexts } from "~/lib/i18n";
import { errorDetail, errorTexts, homeFor } from "./error-texts";

/**
 * The error page of spec point 2, used by the default layout (inside header and footer), the geo-restricted
 * layout and the root (alone). A failed chunk after a deploy reloads the page instead, once in 10 s.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const root = useRouteLoaderData("root") as RootTexts | undefined;
  const texts = errorTexts(dictionaryOf(root, "global-components"));
  const { lang } = useParams();
  const { status, detail } = errorDetail(error);

  useEffect(() => {
    if (reloadAfterChunkError(error)) return;
    // Spec point 8: app-level errors are reported at warning level with status code and message.
    if (status !== 404) {
      const message = error instanceof Error ? error.message : (detail ?? String(error));
      console.warn(`app error ${status}: ${message}`);
      reportError(error instanceof Error ? error : `app error ${status}: ${message}`, {
        level: "warning",
        status,
        where: "error page",
      });
    }
  }, [error, status, detail]);

  return (
    <section
      data-testid="error-page"
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-6 py-20 text-center"
    >
      <div className="relative mb-8">
        <div className="absolute inset-0 rounded-full bg-accent/20 blur-2xl" aria-hidden="true" />
        <p
          className="relative bg-gradient-to-b from-fg to-muted bg-clip-text text-7xl font-black tracking-tight text-transparent sm:text-8xl"
          aria-hidden="true"
        >
          {status}
        </p>
      </div>
      <h1 className="text-2xl font-bold sm:text-3xl">{texts.title}</h1>
      <p className="mt-3 max-w-md text-base leading-relaxed text-muted">{texts.description}</p>
      {detail && (
        <p className="mt-4 max-w-full rounded-lg border border-line bg-surface px-3 py-1.5 font-mono text-xs break-all text-muted">
          {detail}
        </p>
      )}
      <Link
        to={homeFor(lang)}
        reloadDocument={status >= 500}
        className="mt-8 inline-flex h-12 items-center gap-2 rounded-xl bg-accent px-6 text-sm font-bold text-accent-fg shadow-[0_8px_24px_-8px_var(--c-accent)] transition hover:brightness-110"
      >
        <ArrowLeftIcon size={18} />
        {texts.buttonLabel}
      </Link>
    </section>
  );
}
