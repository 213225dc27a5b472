import { Card } from "~/components/ui/Card";
import { WebPushToggle } from "~/features/notifications/WebPushToggle";
import { ProfileSwitch } from "~/features/profile/ProfileSwitch";
import { useTranslation } from "~/lib/i18n-react";

/** /profile/settings/notifications: promotional e-mail and SMS, saved as they are switched. */
export default function SettingsNotifications() {
  const { t } = useTranslation("layout");
  return (
    <Card title={t("profile.notifications.title")} description={t("profile.notifications.description")}>
      <ProfileSwitch
        name="receiveEmailPromo"
        testId="toggle-email-promo"
        label={t("profile.notifications.email")}
        description={t("profile.notifications.emailHint")}
      />
      <ProfileSwitch
        name="receiveSmsPromo"
        testId="toggle-sms-promo"
        label={t("profile.notifications.sms")}
        description={t("profile.notifications.smsHint")}
      />
      <WebPushToggle />
    </Card>
  );
}
