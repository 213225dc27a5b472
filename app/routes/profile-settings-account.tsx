import { useState } from "react";
import { useNavigate } from "react-router";
import { localePath, type SiteLocale } from "#common/i18n/locales";
import { Badge } from "~/components/ui/Badge";
import { buttonClass, Pressable } from "~/components/ui/Button";
import { Card, CardRow } from "~/components/ui/Card";
import { Select } from "~/components/ui/Input";
import { GlobeIcon, MailIcon, MonitorIcon, MoonIcon, SunIcon } from "~/components/ui/icons";
import { CheckIcon, KeyIcon } from "~/components/ui/page-icons";
import { LinkedAccounts } from "~/features/auth/external/LinkedAccounts";
import { FormatLocaleSetting } from "~/features/profile/FormatLocaleSetting";
import { useShellLocale, useSiteLanguages } from "~/features/shell/nav";
import { alert } from "~/lib/alerts";
import { COLOR_MODES, useColorMode } from "~/lib/color-mode";
import { useTranslation } from "~/lib/i18n-react";
import { api } from "~/lib/session/client";
import { setProfile } from "~/lib/session/session";
import { useProfile } from "~/lib/session/use-session";
import { ModalLink } from "~/modals/ModalLink";

const MODE_ICONS = { system: MonitorIcon, light: SunIcon, dark: MoonIcon } as const;

/** /profile/settings/account: password, e-mail, language and colour mode. */
export default function SettingsAccount() {
  const { t } = useTranslation("layout");
  const profile = useProfile();
  const locale = useShellLocale();
  const languages = useSiteLanguages();
  const navigate = useNavigate();
  const [mode, setMode] = useColorMode();
  const [saving, setSaving] = useState(false);
  if (!profile) return null;

  const changeLanguage = async (next: SiteLocale) => {
    setSaving(true);
    try {
      setProfile(await api().put("/player/profile", { language: next }));
      navigate(localePath("/profile/settings/account", next));
    } catch {
      alert.error("something-wrong");
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="grid gap-5">
      <Card title={t("profile.settings.security")}>
        <CardRow
          icon={<KeyIcon size={18} />}
          label={t("profile.settings.password")}
          value="••••••••••"
          action={
            <ModalLink
              modal="change-pass"
              className={buttonClass("secondary", "sm")}
              data-testid="open-change-pass"
            >
              {t("profile.settings.changePassword")}
            </ModalLink>
          }
        />
        <CardRow
          icon={<MailIcon size={18} />}
          label={t("profile.info.email")}
          value={profile.email ?? <span className="text-muted">{t("profile.info.none")}</span>}
          status={
            profile.email ? (
              <Badge tone={profile.emailVerified ? "ok" : "warn"}>
                {profile.emailVerified ? t("profile.info.verified") : t("profile.info.unverified")}
              </Badge>
            ) : undefined
          }
          action={
            <ModalLink
              modal={profile.email && !profile.emailVerified ? "confirm-email" : "email-verify"}
              className={buttonClass("secondary", "sm")}
            >
              {profile.email
                ? profile.emailVerified
                  ? t("profile.info.change")
                  : t("profile.info.verify")
                : t("profile.info.add")}
            </ModalLink>
          }
        />
      </Card>
      <LinkedAccounts />
      <Card title={t("profile.settings.preferences")}>
        <CardRow
          icon={<GlobeIcon size={18} />}
          label={t("language.label")}
          value={languages.find((l) => l.code === locale)?.name}
          action={
            <Select
              controlSize="sm"
              className="font-semibold"
              aria-label={t("language.label")}
              value={locale}
              disabled={saving}
              onChange={(e) => changeLanguage(e.target.value as SiteLocale)}
            >
              {languages.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.name}
                </option>
              ))}
            </Select>
          }
        />
        <FormatLocaleSetting />
        <div className="border-t border-line pt-4">
          <p className="mb-3 text-xs font-semibold tracking-wide text-muted uppercase">{t("theme.label")}</p>
          <fieldset aria-label={t("theme.label")} className="grid grid-cols-3 gap-2">
            {COLOR_MODES.map((m) => {
              const Icon = MODE_ICONS[m];
              const active = mode === m;
              return (
                <Pressable
                  key={m}
                  aria-pressed={active}
                  onClick={() => setMode(m)}
                  className={`relative flex h-20 flex-col items-center justify-center gap-1.5 rounded-xl border text-sm font-semibold transition ${
                    active
                      ? "border-accent bg-accent/10 text-fg"
                      : "border-line text-muted hover:border-muted hover:text-fg"
                  }`}
                >
                  <Icon size={20} />
                  {t(`theme.${m}`)}
                  {active && (
                    <CheckIcon size={14} strokeWidth={3} className="absolute top-2 right-2 text-accent" />
                  )}
                </Pressable>
              );
            })}
          </fieldset>
        </div>
      </Card>
    </div>
  );
}
