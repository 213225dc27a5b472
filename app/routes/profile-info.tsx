import { useState } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/Badge";
import { Button, buttonClass } from "~/components/ui/Button";
import { Card, CardRow } from "~/components/ui/Card";
import { Spinner } from "~/components/ui/Field";
import { MailIcon, UserIcon } from "~/components/ui/icons";
import { CheckIcon, PhoneIcon, WarningIcon } from "~/components/ui/page-icons";
import { ownNickname } from "~/features/profile/nickname";
import { useLocalePath } from "~/features/shell/nav";
import { alert } from "~/lib/alerts";
import { useIntlLocale } from "~/lib/formats";
import { useTranslation } from "~/lib/i18n-react";
import { api } from "~/lib/session/client";
import { useProfile } from "~/lib/session/use-session";
import { ModalLink } from "~/modals/ModalLink";

/** /profile/info: the overview: nickname and avatar, e-mail with its verification, phone. */
export default function ProfileInfo() {
  const { t } = useTranslation("layout");
  const profile = useProfile();
  const intl = useIntlLocale();
  const href = useLocalePath();
  const [resending, setResending] = useState(false);
  if (!profile) return null;

  const resend = async () => {
    setResending(true);
    try {
      await api().post("/player/profile/confirmations/email/resend");
      alert.success("resent-verification");
    } catch {
      alert.error("something-wrong");
    } finally {
      setResending(false);
    }
  };

  const since = new Intl.DateTimeFormat(intl, { dateStyle: "long" }).format(new Date(profile.createdAt));
  // One column that may be narrower than its long e-mail (minmax(0, 1fr)): the rows truncate it instead of
  // pushing the card past a phone's edge.
  return (
    <div className="grid grid-cols-1 gap-5">
      <Card title={t("profile.info.title")} description={t("profile.info.since", { date: since })}>
        <CardRow
          icon={<UserIcon size={18} />}
          label={t("profile.info.nickname")}
          value={ownNickname(profile)}
          action={
            <span className="flex flex-wrap gap-2">
              <Link
                to={href("/profile/personal")}
                data-testid="nickname-change"
                className={buttonClass("secondary", "sm")}
              >
                {t("profile.info.change")}
              </Link>
              <ModalLink modal="avatars" className={buttonClass("secondary", "sm")}>
                {t("profile.changeAvatar")}
              </ModalLink>
            </span>
          }
        />
        <CardRow
          testId="profile-email"
          icon={<MailIcon size={18} />}
          label={t("profile.info.email")}
          value={profile.email ?? <span className="text-muted">{t("profile.info.none")}</span>}
          status={
            profile.email ? (
              <ContactStatus verified={profile.emailVerified} unverifiedIcon={<WarningIcon size={12} />} />
            ) : undefined
          }
          action={
            profile.email && !profile.emailVerified ? (
              <Button variant="secondary" size="sm" onClick={resend} disabled={resending}>
                {resending && <Spinner />}
                {t("profile.info.resend")}
              </Button>
            ) : (
              <ModalLink modal="email-verify" className={buttonClass("secondary", "sm")}>
                {profile.email ? t("profile.info.change") : t("profile.info.add")}
              </ModalLink>
            )
          }
        />
        <CardRow
          testId="profile-phone"
          icon={<PhoneIcon size={18} />}
          label={t("profile.info.phone")}
          value={profile.phone ?? <span className="text-muted">{t("profile.info.none")}</span>}
          status={profile.phone ? <ContactStatus verified={profile.phoneVerified} /> : undefined}
          action={
            <ModalLink modal="phone" className={buttonClass("secondary", "sm")}>
              {profile.phone
                ? profile.phoneVerified
                  ? t("profile.info.change")
                  : t("profile.info.verify")
                : t("profile.info.add")}
            </ModalLink>
          }
        />
      </Card>
    </div>
  );
}

/** Whether a contact the player gave (e-mail, phone) is confirmed. */
function ContactStatus({
  verified,
  unverifiedIcon,
}: {
  verified?: boolean;
  unverifiedIcon?: React.ReactNode;
}) {
  const { t } = useTranslation("layout");
  return verified ? (
    <Badge tone="ok">
      <CheckIcon size={12} strokeWidth={3} />
      {t("profile.info.verified")}
    </Badge>
  ) : (
    <Badge tone="warn">
      {unverifiedIcon}
      {t("profile.info.unverified")}
    </Badge>
  );
}
