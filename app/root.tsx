import { useEffect, useMemo } from "react";
import { I18nextProvider } from "react-i18next";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useRouteLoaderData,
} from "react-router";
import { intlLocale } from "#common/i18n/locales";
import type { Route } from "./+types/root";
import "./app.css";
import { apiFor } from "./lib/api";
import { createI18n, loadDictionaries } from "./lib/i18n";
import { shellLocale } from "./lib/locale";

export interface PlayerInit {
  country: string | null;
  isRestricted: boolean;
  currency: string;
  locale: string;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const locale = shellLocale(params);
  const api = apiFor(request, context);
  const [init, dictionaries] = await Promise.all([
    api.get<PlayerInit>("/player/init"),
    loadDictionaries(api, locale),
  ]);
  return { locale, init, dictionaries, userAgent: request.headers.get("user-agent") ?? "" };
}

/** The shell's data changes only with the locale; other navigations keep it. */
export function shouldRevalidate({
  currentParams,
  nextParams,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (shellLocale(currentParams) !== shellLocale(nextParams)) return true;
  return formMethod !== undefined && defaultShouldRevalidate;
}

export type RootData = Awaited<ReturnType<typeof loader>>;
export const useRootData = () => useRouteLoaderData<typeof loader>("root");

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  return (
    <html lang={root ? intlLocale(root.locale) : "en"} className="dark">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const i18n = useMemo(() => createI18n(loaderData.locale, loaderData.dictionaries), [loaderData]);
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <I18nextProvider i18n={i18n}>
      <Outlet />
    </I18nextProvider>
  );
}
