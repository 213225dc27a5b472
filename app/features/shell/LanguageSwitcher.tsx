import { Link, useLocation } from "react-router";
import { localePath, splitLocale } from "#common/i18n/locales";
import { GlobeIcon } from "~/components/ui/icons";
import { useTranslation } from "~/lib/i18n-react";
import { useShellLocale, useSiteLanguages } from "./nav";

/** The same page in each language the operator offers; the default language has no prefix (spec point 2). */
export function LanguageSwitcher() {
  const { t } = useTranslation("layout");
  const current = useShellLocale();
  const languages = useSiteLanguages();
  const { pathname, search } = useLocation();
  const { path } = splitLocale(pathname);
  return (
    <nav
      aria-label={t("language.label")}
      className="inline-flex items-center gap-1 rounded-xl border border-line bg-surface p-1"
    >
      <GlobeIcon size={16} className="mx-1.5 text-muted" />
      {languages.map((l) => (
        <Link
          key={l.code}
          to={`${localePath(path, l.code)}${search}`}
          hrefLang={l.intl}
          lang={l.intl}
          aria-current={l.code === current ? "true" : undefined}
          title={l.name}
          className="switch-option"
        >
          {l.code === "pt-br" ? "PT" : l.code.toUpperCase()}
          <span className="sr-only"> — {l.name}</span>
        </Link>
      ))}
    </nav>
  );
}
