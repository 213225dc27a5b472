import type { ReactNode } from "react";
import { Link } from "react-router";
import { ShieldIcon } from "~/components/ui/icons";
import { useTranslation } from "~/lib/i18n-react";
import { ModalLink } from "~/modals/ModalLink";
import { BRAND } from "./brand";
import { FooterPayments } from "./FooterPayments";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { Logo } from "./Logo";
import { useLocalePath } from "./nav";
import { ThemeSwitcher } from "./ThemeSwitcher";

const COMPANY = [
  { to: "/static/about", label: "nav.about" },
  { to: "/static/terms", label: "nav.terms" },
  { to: "/static/privacy", label: "nav.privacy" },
  { to: "/static/responsible-gaming", label: "nav.responsibleGaming" },
];
const HELP = [
  { to: "/questions", label: "nav.questions" },
  { to: "/support", label: "nav.support" },
  { to: "/contact", label: "nav.contact" },
];

/** The minimum-age badge: the operator's MIN_AGE, from the texts ("{minAge}+"). */
export function AgeBadge({ size = 40 }: { size?: number }) {
  const { t } = useTranslation("layout");
  return (
    <span
      className="grid shrink-0 place-items-center rounded-full border-2 border-danger font-extrabold text-danger"
      style={{ width: size, height: size, fontSize: size * 0.34 }}
    >
      {t("footer.ageBadge")}
    </span>
  );
}

/** The way to the responsible-gaming page, with its shield, wherever the site shows its age badge. */
export function ResponsibleGamingLink({ className, children }: { className: string; children: ReactNode }) {
  const href = useLocalePath();
  return (
    <Link to={href("/static/responsible-gaming")} className={`inline-flex items-center gap-2 ${className}`}>
      <ShieldIcon size={16} className="text-accent" />
      {children}
    </Link>
  );
}

/** The operator's copyright line, of this year. */
export function Copyright({ className }: { className: string }) {
  const { t } = useTranslation("layout");
  return (
    <p className={className}>
      {t("footer.copyright", { year: new Date().getFullYear(), brand: BRAND.name })}
    </p>
  );
}

const LINK_CLASS = "footer-link";

/** A column of the footer's links under its heading; `children` is its last item, not a page of the site. */
function FooterColumn({
  title,
  links,
  children,
}: {
  title: string;
  links: { to: string; label: string }[];
  children: ReactNode;
}) {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  return (
    <nav aria-label={title}>
      <h2 className="mb-4 text-xs font-semibold tracking-[0.14em] text-fg uppercase">{title}</h2>
      <ul className="flex flex-col gap-2.5">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={href(l.to)} className={LINK_CLASS}>
              {t(l.label)}
            </Link>
          </li>
        ))}
        <li>{children}</li>
      </ul>
    </nav>
  );
}

export function Footer() {
  const { t } = useTranslation("layout");
  return (
    <footer className="mt-16 border-t border-line bg-surface/60 pb-24 md:pb-0">
      <div className="mx-auto grid max-w-6xl gap-10 px-5 py-12 sm:px-6 md:grid-cols-[1.6fr_1fr_1fr]">
        <div className="flex flex-col gap-4">
          <Logo />
          <p className="max-w-sm text-sm leading-relaxed text-muted">{t("footer.about")}</p>
          <div className="flex flex-wrap items-center gap-3">
            <LanguageSwitcher />
            <ThemeSwitcher />
          </div>
        </div>
        <FooterColumn title={t("footer.company")} links={COMPANY}>
          {/* The cookie choice can be changed at any time (GDPR): the notice again, with what is stored. */}
          <ModalLink
            modal="cookie-request"
            value="true"
            className={LINK_CLASS}
            data-testid="footer-cookie-settings"
          >
            {t("footer.cookieSettings")}
          </ModalLink>
        </FooterColumn>
        <FooterColumn title={t("footer.help")} links={HELP}>
          <a href={`mailto:${BRAND.supportEmail}`} className={LINK_CLASS}>
            {BRAND.supportEmail}
          </a>
        </FooterColumn>
      </div>
      <FooterPayments />
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-6xl flex-col gap-5 px-5 py-6 sm:px-6 md:flex-row md:items-center">
          <div className="flex items-center gap-3">
            <AgeBadge />
            <ResponsibleGamingLink className="rounded-full border border-line px-3 py-1.5 text-xs font-semibold text-fg transition-colors hover:border-accent">
              {t("footer.playResponsibly")}
            </ResponsibleGamingLink>
          </div>
          <p className="text-xs leading-relaxed text-muted md:flex-1">{t("footer.responsible")}</p>
        </div>
        <Copyright className="mx-auto max-w-6xl px-5 pb-8 text-xs text-muted sm:px-6" />
      </div>
    </footer>
  );
}
