import { Link, Outlet, useMatches } from "react-router";
import { IconTile } from "~/components/ui/IconTile";
import { FileIcon, GlobeIcon, LifebuoyIcon, PinIcon } from "~/components/ui/icons";
import { BRAND } from "~/features/shell/brand";
import { countryName } from "~/features/shell/country";
import { ErrorPage } from "~/features/shell/ErrorPage";
import { AgeBadge, Copyright, ResponsibleGamingLink } from "~/features/shell/Footer";
import { LanguageSwitcher } from "~/features/shell/LanguageSwitcher";
import { Logo } from "~/features/shell/Logo";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
import { useLoggedIn } from "~/lib/session/use-session";
import { ModalHost } from "~/modals/ModalHost";
import { useRootData } from "~/root";

/** Pages a restricted visitor may still read: the rules, the help texts and a way to reach support. */
const READABLE_ROUTES = new Set([
  "routes/static-page",
  "questions",
  "routes/question",
  "routes/contact",
  "routes/support",
]);

/**
 * The geo-restricted layout (spec point 2): says plainly that the site is closed in the visitor's country,
 * names the country, and keeps the terms and support within reach.
 */
export function GeoRestricted({ error }: { error?: unknown }) {
  const { t } = useTranslation("layout");
  const root = useRootData();
  const loggedIn = useLoggedIn();
  const href = useLocalePath();
  const matches = useMatches();
  const readable = !error && matches.some((m) => READABLE_ROUTES.has(m.id));
  const country = countryName(root?.init.country, root?.locale ?? "en") ?? t("geo.unknownCountry");
  const button =
    "inline-flex h-11 items-center justify-center gap-2 rounded-xl px-5 text-sm font-semibold transition";

  return (
    <div
      data-part="geo-restricted"
      className="flex min-h-dvh flex-col bg-[radial-gradient(ellipse_at_top,color-mix(in_oklab,var(--c-accent-2)_18%,transparent),transparent_60%)]"
    >
      <header className="border-b border-line">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-5">
          <Link to={href("/")} aria-label={t("header.homeLabel")}>
            <Logo />
          </Link>
          <LanguageSwitcher />
        </div>
      </header>
      <main id="main" className="flex flex-1 flex-col">
        <section
          data-testid="geo-restricted"
          className="mx-auto mt-10 w-[calc(100%-2rem)] max-w-2xl rounded-3xl border border-line bg-surface p-7 text-center shadow-[0_30px_80px_-40px_rgba(0,0,0,0.8)] sm:mt-16 sm:p-10"
        >
          <IconTile size="2xl" className="mx-auto bg-surface-3 text-gold" icon={GlobeIcon} />
          <h1 className="mt-6 text-2xl font-bold text-balance sm:text-3xl">
            {t("geo.title", { brand: BRAND.name })}
          </h1>
          <p className="mx-auto mt-4 inline-flex max-w-full flex-wrap items-center justify-center gap-x-2 gap-y-0.5 rounded-2xl border border-line bg-surface-2 px-4 py-1.5 text-sm">
            <PinIcon size={16} className="text-accent" />
            <span className="whitespace-nowrap text-muted">{t("geo.detected")}:</span>
            <strong data-testid="geo-country">{country}</strong>
          </p>
          <p className="mx-auto mt-5 max-w-lg leading-relaxed text-muted">{t("geo.text", { country })}</p>
          <p className="mx-auto mt-3 max-w-lg text-sm leading-relaxed text-muted">{t("geo.vpn")}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link
              to={href("/support")}
              className={`${button} bg-accent font-bold text-accent-fg hover:brightness-110`}
            >
              <LifebuoyIcon size={18} />
              {t("geo.support")}
            </Link>
            <Link to={href("/static/terms")} className={`${button} border border-line hover:bg-surface-2`}>
              <FileIcon size={18} />
              {t("geo.terms")}
            </Link>
          </div>
        </section>
        {readable && (
          <div className="mt-10">
            <Outlet />
          </div>
        )}
        {error !== undefined && <ErrorPage error={error} />}
      </main>
      <footer className="mt-16 border-t border-line">
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-4 px-5 py-8 text-center sm:flex-row sm:text-left">
          <AgeBadge size={36} />
          <ResponsibleGamingLink className="text-sm font-semibold hover:text-accent">
            {t("nav.responsibleGaming")}
          </ResponsibleGamingLink>
          <Link to={href("/static/privacy")} className="text-sm text-muted hover:text-fg">
            {t("nav.privacy")}
          </Link>
          <Copyright className="text-xs text-muted sm:ml-auto" />
        </div>
      </footer>
      <ModalHost loggedIn={loggedIn} />
    </div>
  );
}
