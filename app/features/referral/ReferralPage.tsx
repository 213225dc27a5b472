import type { ReferralTerms } from "#common/api/referral";
import { buttonClass } from "~/components/ui/Button";
import { FileIcon } from "~/components/ui/icons";
import { ProgrammeHero } from "~/features/shell/ProgrammeHero";
import { useTranslation } from "~/lib/i18n-react";
import { useLoggedIn } from "~/lib/session/use-session";
import { ModalLink } from "~/modals/ModalLink";
import { ReferralGuest, SignUpCall } from "./ReferralGuest";
import { ReferralPlayer } from "./ReferralPlayer";

/**
 * `/referral` (spec point 2): for a player their link and code, who joined through it, and the earnings; for a
 * guest what the programme pays, its rules and a call to sign up.
 */
export function ReferralPage({ initialTerms }: { initialTerms?: ReferralTerms }) {
  const { t } = useTranslation("layout");
  const loggedIn = useLoggedIn();
  return (
    <div
      className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-5 sm:px-6 sm:py-8"
      data-testid="referral-page"
    >
      <ProgrammeHero
        tone="accent"
        kicker={t("referral.kicker")}
        title={t("referral.title")}
        intro={loggedIn ? t("referral.intro") : t("referral.guest.intro")}
        action={
          loggedIn ? (
            <ModalLink
              modal="affiliate-program"
              className={buttonClass("secondary", "md", "mt-4")}
              data-testid="referral-terms-link"
            >
              <FileIcon size={18} />
              {t("referral.termsLink")}
            </ModalLink>
          ) : (
            <SignUpCall testId="referral-guest-sign-up" className="mt-4" />
          )
        }
      />
      {loggedIn ? <ReferralPlayer /> : <ReferralGuest initialTerms={initialTerms} />}
    </div>
  );
}
