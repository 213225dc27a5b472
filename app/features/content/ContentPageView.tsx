import type { ContentPage } from "#common/api/content";
import { Prose } from "./Prose";

/** A static or catch-all content page: the operator's text, set for reading. */
export function ContentPageView({ page }: { page: ContentPage }) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <article
        lang={page.locale}
        className="mx-auto max-w-3xl rounded-card border border-line bg-surface px-5 py-7 sm:px-10 sm:py-10"
      >
        <Prose html={page.html} />
      </article>
    </div>
  );
}
