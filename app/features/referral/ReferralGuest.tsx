import type { ReferralTerms as Terms } from "#common/api/referral";
import { buttonClass } from "~/components/ui/Button";
import { Card } from "~/components/ui/Card";
import { IconTile } from "~/components/ui/IconTile";
import { UserIcon, UsersIcon, WalletIcon } from "~/components/ui/icons";
import { Failed, Loading } from "~/components/ui/states";
import { useMoney } from "~/features/games/money";
import { useTranslation } from "~/lib/i18n-react";
import { ModalLink } from "~/modals/ModalLink";
import { useReferralTerms } from "./api";
import { ReferralTerms } from "./ReferralTerms";

/**
 * `/referral` for a guest (issue 42): what the programme pays and its rules, as the server's configuration
 * states them (GET /api/referral/terms, read by the loader for the first paint), how it works, and a call to
 * sign up. Nobody's link, code or earnings: those are a player's own.
 */
export function ReferralGuest({ initialTerms }: { initialTerms?: Terms }) {
  const { t } = useTranslation("layout");
  const terms = useReferralTerms(initialTerms);
  return (
    <div className="flex flex-col gap-6" data-testid="referral-guest">
      {terms.isError && !terms.data ? (
        <Failed onRetry={() => void terms.refetch()} retryLabel={t("profile.retry")}>
          {t("referral.guest.failed")}
        </Failed>
      ) : !terms.data ? (
        <Loading rows={2} rowClassName="h-32 rounded-card" />
      ) : (
        <>
          <Pays terms={terms.data} />
          <div className="grid gap-6 lg:grid-cols-[1fr_1.2fr]">
            <Steps />
            <Card title={t("referral.guest.rulesTitle")} testId="referral-guest-rules">
              <ReferralTerms terms={terms.data} testId="referral-guest-terms" />
            </Card>
          </div>
        </>
      )}
      <section className="flex flex-col items-start gap-3 rounded-card border border-accent/40 bg-accent/10 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <p className="font-semibold">{t("referral.guest.callText")}</p>
        <SignUpCall testId="referral-guest-sign-up-bottom" />
      </section>
    </div>
  );
}

/** The call to sign up: opens the registration modal over the page. */
export function SignUpCall({ testId, className }: { testId: string; className?: string }) {
  const { t } = useTranslation("layout");
  return (
    <ModalLink modal="sign-up" className={buttonClass("primary", "md", className)} data-testid={testId}>
      {t("referral.guest.signUp")}
    </ModalLink>
  );
}

/** The two figures a guest asks first: the reward per friend's first deposit, and the share of what friends play. */
function Pays({ terms }: { terms: Terms }) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const share = Number(terms.revenueSharePercent) > 0;
  if (terms.firstDeposit.length === 0 && !share) return null;
  return (
    <section aria-labelledby="referral-pays" className="flex flex-col gap-4">
      <h2 id="referral-pays" className="text-lg font-bold tracking-tight sm:text-xl">
        {t("referral.guest.paysTitle")}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {terms.firstDeposit.length > 0 && (
          <div
            className="rounded-card border border-line bg-surface p-5 sm:p-6"
            data-testid="referral-guest-reward"
          >
            <p className="text-3xl font-extrabold tracking-tight text-accent tabular-nums">
              {terms.firstDeposit.map((r) => money(r.reward, r.currency)).join(" · ")}
            </p>
            <p className="mt-1 text-sm text-muted">{t("referral.guest.perFriend")}</p>
          </div>
        )}
        {share && (
          <div
            className="rounded-card border border-line bg-surface p-5 sm:p-6"
            data-testid="referral-guest-share"
          >
            <p className="text-3xl font-extrabold tracking-tight text-accent tabular-nums">
              {t("referral.guest.percent", { percent: terms.revenueSharePercent })}
            </p>
            <p className="mt-1 text-sm text-muted">
              {t("referral.guest.ofRevenue", { count: terms.periodDays })}
            </p>
          </div>
        )}
      </div>
    </section>
  );
}

function Steps() {
  const { t } = useTranslation("layout");
  const steps = [
    { icon: <UserIcon size={20} />, text: t("referral.guest.step1") },
    { icon: <UsersIcon size={20} />, text: t("referral.guest.step2") },
    { icon: <WalletIcon size={20} />, text: t("referral.guest.step3") },
  ];
  return (
    <Card title={t("referral.guest.howTitle")} className="lg:self-start">
      <ol className="flex flex-col gap-4">
        {steps.map((s, i) => (
          <li key={s.text} className="flex items-start gap-3">
            <IconTile className="bg-accent/15 text-accent">{s.icon}</IconTile>
            <span className="pt-2 text-sm leading-relaxed">
              <span className="mr-1 font-bold">{i + 1}.</span>
              {s.text}
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}
