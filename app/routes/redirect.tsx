import { useEffect } from "react";
import { useNavigate } from "react-router";
import { localePath } from "#common/i18n/locales";
import { safeRedirectTarget } from "#common/validation/redirect";
import { loadContent } from "~/features/content/load";
import { pageMeta } from "~/features/content/meta";
import { apiFor } from "~/lib/api";
import { routeLocale } from "~/lib/locale";
import type { Route } from "./+types/redirect";

/** `/redirect?to=…`: passes the visitor on to a path of this site or a configured host, else home. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = routeLocale(params, request);
  const url = new URL(request.url);
  const target = safeRedirectTarget(url.searchParams.get("to"), {
    origin: url.origin,
    allowedHosts: context.redirectHosts ?? [],
    home: localePath("/", locale),
  });
  const help = await loadContent(request, () => apiFor(request, context).get("/content/help", { locale }));
  return { target, texts: help.redirect };
}

export function meta({ data }: Route.MetaArgs) {
  return [...pageMeta(data?.texts.title), { name: "robots", content: "noindex" }];
}

export default function Redirect({ loaderData }: Route.ComponentProps) {
  const { target, texts } = loaderData;
  const navigate = useNavigate();
  useEffect(() => {
    if (target.external) window.location.replace(target.href);
    else navigate(target.href, { replace: true });
  }, [target, navigate]);
  return (
    <main className="grid min-h-dvh place-items-center px-6">
      <div className="flex max-w-sm flex-col items-center gap-4 text-center" role="status">
        <span
          className="size-10 animate-spin rounded-full border-4 border-line border-t-accent"
          aria-hidden="true"
        />
        <h1 className="text-xl font-bold">{texts.title}</h1>
        <p className="text-sm text-muted">{texts.text}</p>
        <a href={target.href} className="rounded-full bg-accent px-5 py-2.5 text-sm font-bold text-accent-fg">
          {texts.continue}
        </a>
      </div>
    </main>
  );
}
