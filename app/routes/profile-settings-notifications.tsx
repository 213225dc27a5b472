import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "~/components/ui/Card";
import { Toggle } from "~/components/ui/Choice";
import { WebPushToggle } from "~/features/notifications/WebPushToggle";
import { alert } from "~/lib/alerts";
import { api } from "~/lib/session/client";
import { setProfile } from "~/lib/session/session";
import { useProfile } from "~/lib/session/use-session";

type Pref = "receiveEmailPromo" | "receiveSmsPromo";

/** /profile/settings/notifications: promotional e-mail and SMS, saved as they are switched. */
export default function SettingsNotifications() {
  const { t } = useTranslation("layout");
  const profile = useProfile();
  const [saving, setSaving] = useState<Pref>();
  if (!profile) return null;

  const change = async (pref: Pref, value: boolean) => {
    setSaving(pref);
    const before = profile;
    setProfile({ ...profile, [pref]: value });
    try {
      setProfile(await api().put("/player/profile", { [pref]: value }));
    } catch {
      setProfile(before);
      alert.error("something-wrong");
    } finally {
      setSaving(undefined);
    }
  };

  return (
    <Card title={t("profile.notifications.title")} description={t("profile.notifications.description")}>
      <Toggle
        testId="toggle-email-promo"
        checked={profile.receiveEmailPromo}
        disabled={saving === "receiveEmailPromo"}
        onChange={(v) => change("receiveEmailPromo", v)}
        label={t("profile.notifications.email")}
        description={t("profile.notifications.emailHint")}
      />
      <Toggle
        testId="toggle-sms-promo"
        checked={profile.receiveSmsPromo}
        disabled={saving === "receiveSmsPromo"}
        onChange={(v) => change("receiveSmsPromo", v)}
        label={t("profile.notifications.sms")}
        description={t("profile.notifications.smsHint")}
      />
      <WebPushToggle />
    </Card>
  );
}
