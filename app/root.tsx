// First: no zod parser may compile itself with eval, which the pages' Content-Security-Policy refuses.
import "./lib/zod-jitless";
import { QueryClientProvider } from "@tanstack/react-query";
import "@fontsource-variable/inter/wght.css";
import { lazy, Suspense, use, useEffect, useMemo, useState } from "react";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useNavigate,
  useRouteLoaderData,
} from "react-router";
import type { AnalyticsSiteSettings } from "#common/analytics";
import type { ChatSiteSettings } from "#common/chat-widget";
import { isMobileUserAgent } from "#common/device";
import { chosenFormat } from "#common/i18n/format-locales";
import { intlLocale, offeredLocales } from "#common/i18n/locales";
import { PLAYER_SHELL_HEADER } from "#common/session-cookie";
import type { SportsbookSiteSettings } from "#common/sportsbook-widgets";
import { I18nProvider } from "~/lib/i18n-react";
import type { Route } from "./+types/root";
import "./app.css";
import { EXTERNAL_PROVIDER_KEY } from "./features/auth/external/keys";
import { useMessengerBoot } from "./features/messenger/boot";
import { AlertsHost } from "./features/shell/AlertsHost";
import { BRAND } from "./features/shell/brand";
import { ErrorPage } from "./features/shell/ErrorPage";
import { Logo } from "./features/shell/Logo";
import { seedWallet } from "./features/wallet/queries";
import { apiFor } from "./lib/api";
import { useBuildCheck } from "./lib/build-check";
import { applyTheme, colorModeChanged, forcedTheme, PAINT_SCRIPT } from "./lib/color-mode";
import { loadDictionaries } from "./lib/dictionaries.server";
import { type DictionaryRefs, loadDictionaryFiles, NAMESPACES, type RootTexts, siteI18n } from "./lib/i18n";
import { shellLocale } from "./lib/locale";
import { useNonce } from "./lib/nonce";
import { preloaderHeld } from "./lib/preloader";
import { queryClient as browserQueryClient, newQueryClient } from "./lib/query";
import { loadSession } from "./lib/session/load";
import { bootSession, InitialSessionContext, useSessionEffects } from "./lib/session/use-session";
import { STORAGE_SHIM_SCRIPT, storage } from "./lib/storage";
import { useViewportUnits } from "./lib/viewport";

export interface PlayerInit {
  country: string | null;
  isRestricted: boolean;
  currency: string;
  locale: string;
  verification?: { mode: "off" | "sandbox" | "sumsub"; documentsPageHidden: boolean };
  /** Whether sports are shown and where their widgets come from (absent from an older server: hidden). */
  sportsbook?: SportsbookSiteSettings;
  /** Whether the loyalty programme is on (absent from an older server: hidden). */
  loyalty?: { enabled: boolean };
  /** The integrations loaded after the first paint (absent from an older server: none). */
  analytics?: AnalyticsSiteSettings;
  /** Whether the referral programme is on (absent from an older server: hidden). */
  referral?: { enabled: boolean };
  /** Which support chat is offered (absent from an older server: no chat button). */
  chat?: ChatSiteSettings;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const locale = shellLocale(params);
  const api = apiFor(request, context);
  const [init, languages, dictionaries, { session, setCookie }] = await Promise.all([
    api.get("/player/init"),
    // The languages an operator left on (spec: GET /settings/locales); every site language if it fails.
    api
      .get("/settings/locales")
      .then((r) => offeredLocales(r.data))
      .catch(() => offeredLocales(undefined)),
    loadDictionaries(api, locale),
    // A player's page drawn as the guests' shell (decision 0075) has no session here: the browser reads it.
    loadSession(request, context),
  ]);
  // A token refreshed while rendering reaches the browser as the API set it: HttpOnly, by the page's answer.
  const headers = new Headers();
  for (const c of setCookie) headers.append("set-cookie", c);
  return data(
    {
      locale,
      init,
      languages,
      dictionaries,
      session,
      sessionPending: request.headers.get(PLAYER_SHELL_HEADER) === "1",
      // Whether the user agent is a phone's, not the agent itself: a guest's page is shared (server/http/page-cache.ts).
      mobile: isMobileUserAgent(request.headers.get("user-agent") ?? ""),
      // Dates and amounts in the player's chosen format (app/lib/formats.ts), from the first paint.
      format: chosenFormat(request.headers.get("cookie")),
    },
    { headers },
  );
}

/** In the browser, a locale's texts are read before its pages render (a change of language). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await loadDictionaryFiles(data.dictionaries.urls);
  return data;
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

export type RootData = Awaited<ReturnType<typeof loader>>["data"];
export const useRootData = () => useRouteLoaderData<typeof loader>("root");

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

// The preloader shows only on the login entry and the external-login callback (spec point 2): no other page's
// first paint carries its code (issue 41). On those two its chunk is asked for as this module runs, before
// hydration, so it is there when the login moves on.
const loadPreloader = memoLoad(() =>
  import("./features/shell/Preloader").then((m) => ({ default: m.Preloader })),
);
const Preloader = lazy(loadPreloader);
if (typeof window !== "undefined" && preloaderHeld(window.location.pathname, window.location.search))
  void loadPreloader();

function memoLoad<T>(load: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => {
    if (!p) {
      p = load();
      // A failed load is asked again next time.
      p.catch(() => {
        p = undefined;
      });
    }
    return p;
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const nonce = useNonce();
  const forced = forcedTheme(useMatches());
  return (
    // The paint script changes <html>'s class and data before React hydrates; that difference is expected.
    <html
      lang={root ? intlLocale(root.locale) : "en"}
      className={forced ?? "dark"}
      data-color-forced={forced}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content={BRAND.themeColor} />
        <meta name="application-name" content={BRAND.name} />
        {/* Constant scripts, run before anything else: storage that never throws, then the theme and drawer
            width before the first paint (no flash). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: STORAGE_SHIM_SCRIPT }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: PAINT_SCRIPT }} />
        <Meta />
        <Links />
        {root && <DictionaryLinks refs={root.dictionaries} />}
      </head>
      <body className="font-sans antialiased">
        <Suspense fallback={null}>
          <Preloader />
        </Suspense>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The page's dictionary files, fetched while the scripts load: the browser renders with them before it hydrates
 * (app/entry.client.tsx), and keeps them a year (their addresses change with their texts).
 */
function DictionaryLinks({ refs }: { refs: DictionaryRefs }) {
  return NAMESPACES.map((ns) => (
    <link
      key={ns}
      rel="preload"
      as="fetch"
      crossOrigin="anonymous"
      href={refs.urls[ns]}
      data-dictionary={ns}
    />
  ));
}

/** The locale's one translator; in the browser, once its files are read (they are before hydration). */
function useSiteI18n(root: RootTexts) {
  const ready = siteI18n(root);
  if (ready) return ready;
  use(loadDictionaryFiles(root.dictionaries.urls));
  return siteI18n(root)!;
}

/**
 * An affiliate's landing link (?stag=…) or a player's invitation (?ref=…): the tag and the code are kept for
 * registrations, the address loses them.
 */
function useAffiliateLanding(days: number | undefined) {
  const navigate = useNavigate();
  useEffect(() => {
    // Most visits carry neither: the code that keeps them loads only for a landing that does (first paint).
    if (!/[?&](stag|ref)=/.test(window.location.search)) return;
    let on = true;
    void import("./lib/affiliate").then(({ captureAffiliateTag, captureReferralCode }) => {
      if (!on) return;
      const tagless = captureAffiliateTag(window.location.href, Date.now(), days);
      const href = tagless ? new URL(tagless, window.location.origin).href : window.location.href;
      const cleaned = captureReferralCode(href, Date.now(), days) ?? tagless;
      if (cleaned) navigate(cleaned, { replace: true, preventScrollReset: true });
    });
    return () => {
      on = false;
    };
  }, [navigate, days]);
}

export default function App({ loaderData }: Route.ComponentProps) {
  // One per server render, the tab's own in the browser; seeded with what the loaders read (first paint).
  const [queryClient] = useState(() =>
    seedWallet(typeof window === "undefined" ? newQueryClient() : browserQueryClient(), loaderData.session),
  );
  const i18n = useSiteI18n(loaderData);
  const matches = useMatches();
  const forced = forcedTheme(matches);
  // Staff screens show players' data: no tag manager, counter or session recorder there (decision 0020).
  const backOffice = matches.some((m) => m.id === "admin");
  // The built-in provider's game page, framed by the game screen: it plays by its launch token, as any provider's
  // frame does. The player's session effects (a second realtime connection, wallet reads, cross-tab reactions
  // that would navigate the frame) and the analytics (a second page view) belong to the page around it.
  const providerFrame = matches.some((m) => m.id === "house-game" || m.id === "locale-house-game");
  // The session the server rendered: taken over by this tab before hydration, read by server rendering.
  bootSession(loaderData.session, loaderData.sessionPending);
  // The messenger mini-app mode: detected with the session above, its SDK loaded only in the mini-app.
  useMessengerBoot();
  useEffect(() => {
    // After the messenger's detection: a session that came from an OpenID provider renews silently. The
    // OpenID client is loaded only for such a session.
    if (!providerFrame && storage.get(EXTERNAL_PROVIDER_KEY))
      void import("./features/auth/external/client").then((m) => m.registerRenewal());
  }, [providerFrame]);
  const initialSession = useMemo(
    () => ({
      loggedIn: Boolean(loaderData.session),
      profile: loaderData.session?.profile ?? null,
      pending: loaderData.sessionPending,
    }),
    [loaderData.session, loaderData.sessionPending],
  );
  useViewportUnits();
  useBuildCheck();
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useAffiliateLanding(loaderData.init?.affiliateTagDays);
  // Tag manager, counter, recorder, pixel, fingerprint, error reporting: if configured, their boot loads once the
  // page is hydrated and the rest after the first paint (decision 0019; the home page's JavaScript budget).
  const analytics = backOffice || providerFrame ? undefined : loaderData.init?.analytics;
  useEffect(() => {
    if (analytics) void import("./features/analytics/boot").then((m) => m.bootAnalytics(analytics));
  }, [analytics]);
  useEffect(() => {
    applyTheme(forced);
    const reapply = () => applyTheme(forced);
    colorModeChanged.addEventListener("change", reapply);
    const system = window.matchMedia("(prefers-color-scheme: light)");
    system.addEventListener("change", reapply);
    window.addEventListener("storage", reapply);
    return () => {
      colorModeChanged.removeEventListener("change", reapply);
      system.removeEventListener("change", reapply);
      window.removeEventListener("storage", reapply);
    };
  }, [forced]);
  return (
    <QueryClientProvider client={queryClient}>
      <InitialSessionContext.Provider value={initialSession}>
        <I18nProvider i18n={i18n}>
          {!providerFrame && <SessionEffects />}
          <Outlet />
          <AlertsHost />
        </I18nProvider>
      </InitialSessionContext.Provider>
    </QueryClientProvider>
  );
}

/** Cross-tab reactions, navigation on a lost session and the realtime connection (player's or guest's). */
function SessionEffects() {
  useSessionEffects();
  return null;
}

/** The last resort when the shell itself fails (e.g. its data could not load): the error page, alone. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  // The shell failed: its settings are unknown, so the spec's default lifetime.
  useAffiliateLanding(undefined);
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-16 items-center border-b border-line px-5">
        <a href="/" aria-label={BRAND.name}>
          <Logo />
        </a>
      </header>
      <main id="main" className="flex flex-1 flex-col">
        <ErrorPage error={error} />
      </main>
    </div>
  );
}
