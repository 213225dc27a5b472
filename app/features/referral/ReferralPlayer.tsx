import { type ReactNode, useState } from "react";
import type { ReferralOverview } from "#common/api/referral";
import { Button, buttonClass } from "~/components/ui/Button";
import { IconTile } from "~/components/ui/IconTile";
import { UsersIcon, WalletIcon } from "~/components/ui/icons";
import { CheckIcon, CopyIcon } from "~/components/ui/page-icons";
import { useMoney } from "~/features/games/money";
import { EmptyState, ErrorState } from "~/features/games/states";
import { useIntlLocale } from "~/features/wallet/ui";
import { useTranslation } from "~/lib/i18n-react";
import { ModalLink } from "~/modals/ModalLink";
import { useReferralLive, useReferralOverview } from "./api";

/** A player's own part of `/referral`: their link and code, the earnings to move, and who joined through them. */
export function ReferralPlayer() {
  const { t } = useTranslation("layout");
  const overview = useReferralOverview();
  useReferralLive();
  const data = overview.data;
  return (
    <>
      {overview.isError ? (
        <ErrorState onRetry={() => void overview.refetch()} text={t("referral.error")} />
      ) : !data ? (
        <div className="grid gap-6 lg:grid-cols-2" aria-busy="true">
          <div className="h-52 animate-pulse rounded-card bg-surface-2" />
          <div className="h-52 animate-pulse rounded-card bg-surface-2" />
          <div className="h-40 animate-pulse rounded-card bg-surface-2 lg:col-span-2" />
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <ReferralCard id="referral-share" title={t("referral.share")}>
            <CopyRow label={t("referral.link")} value={data.link} testId="referral-link" />
            <CopyRow label={t("referral.code")} value={data.code} testId="referral-code" />
          </ReferralCard>
          <ReferralCard id="referral-earnings" title={t("referral.earnings")}>
            <Earnings data={data} />
          </ReferralCard>
          <section aria-labelledby="referral-friends" className="flex min-w-0 flex-col gap-4 lg:col-span-2">
            <h2 id="referral-friends" className="text-lg font-bold tracking-tight sm:text-xl">
              {t("referral.friends", { count: data.referredCount })}
            </h2>
            <Joined data={data} />
          </section>
        </div>
      )}
    </>
  );
}

/** One of the page's cards, named by its heading (`id` is the heading's). */
function ReferralCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="flex min-w-0 flex-col gap-4 rounded-card border border-line bg-surface p-5 sm:p-6"
    >
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A value with a button that copies it; says "Copied" for a moment. */
function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation("layout");
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</span>
      <div className="flex min-w-0 items-center gap-2">
        <output
          data-testid={testId}
          className="block h-12 min-w-0 flex-1 truncate rounded-xl border border-line bg-bg/60 px-4 font-mono text-sm leading-[46px]"
        >
          {value}
        </output>
        <Button
          variant="secondary"
          size="lg"
          className="shrink-0 px-4"
          onClick={() => void copy()}
          data-testid={`${testId}-copy`}
          aria-label={`${t("referral.copy")}: ${label}`}
        >
          {copied ? <CheckIcon size={18} className="text-success" /> : <CopyIcon size={18} />}
          <span className="max-sm:sr-only">{copied ? t("referral.copied") : t("referral.copy")}</span>
        </Button>
      </div>
    </div>
  );
}

function Earnings({ data }: { data: ReferralOverview }) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  if (data.earnings.length === 0)
    return (
      <p className="text-sm text-muted" data-testid="referral-no-earnings">
        {t("referral.noEarnings")}
      </p>
    );
  return (
    <ul className="flex flex-col gap-3" data-testid="referral-earnings">
      {data.earnings.map((e) => (
        <li
          key={e.currency}
          data-testid="referral-earning"
          className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-surface-2/50 p-4"
        >
          <div className="min-w-0">
            <p className="text-2xl font-extrabold tracking-tight" data-testid="referral-available">
              {money(e.available, e.currency)}
            </p>
            <p className="text-sm text-muted">
              {t("referral.earnedTotal", { amount: money(e.earned, e.currency) })}
            </p>
          </div>
          {Number(e.available) > 0 ? (
            <ModalLink
              modal="referral-transfer"
              value={e.currency}
              className={buttonClass("primary", "md")}
              data-testid="referral-move"
            >
              <WalletIcon size={18} />
              {t("referral.move")}
            </ModalLink>
          ) : (
            <span className="text-sm text-muted">{t("referral.allMoved")}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

function Joined({ data }: { data: ReferralOverview }) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const locale = useIntlLocale();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium" });
  if (data.referred.length === 0)
    return (
      <EmptyState
        testId="referral-empty"
        icon={<UsersIcon />}
        title={t("referral.noneYet")}
        text={t("referral.noneYetText")}
      />
    );
  return (
    <ul
      className="flex flex-col divide-y divide-line rounded-2xl border border-line"
      data-testid="referral-joined"
    >
      {data.referred.map((r) => (
        <li
          key={`${r.id}-${r.joinedAt}`}
          className="flex items-center gap-3 px-4 py-3"
          data-testid="referral-friend"
        >
          <IconTile className="bg-surface-2 text-muted" icon={UsersIcon} />
          <span className="min-w-0 flex-1">
            <span className="block truncate font-semibold" data-testid="referral-friend-name">
              {r.name}
            </span>
            <span className="block text-xs text-muted">
              {t("referral.joined", { id: r.id, date: date.format(new Date(r.joinedAt)) })}
            </span>
          </span>
          <span className="text-right text-sm font-semibold" data-testid="referral-friend-brought">
            {r.brought.length === 0 ? (
              <span className="font-normal text-muted">{t("referral.broughtNothing")}</span>
            ) : (
              r.brought.map((b) => (
                <span key={b.currency} className="block">
                  {money(b.amount, b.currency)}
                </span>
              ))
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
