import { useQuery } from "@tanstack/react-query";
import type { LoyaltyLevel } from "#common/api/loyalty";
import { buttonClass } from "~/components/ui/Button";
import { CrownIcon } from "~/components/ui/icons";
import { SparkIcon } from "~/components/ui/page-icons";
import { EmptyState, ErrorState } from "~/features/games/states";
import { ProgrammeHero } from "~/features/shell/ProgrammeHero";
import { currentAccount, useWallet } from "~/features/wallet/store";
import { useTranslation } from "~/lib/i18n-react";
import { useLoggedIn } from "~/lib/session/use-session";
import { ModalLink } from "~/modals/ModalLink";
import { loyaltyApi } from "./api";
import { LoyaltyProgress, usePoints, useRewardText } from "./LoyaltyProgress";
import { loyaltyQueries, useLoyaltyAccount, useLoyaltyLive } from "./queries";

/** `/loyalty`: the levels and what each gives (server-rendered), and for a player their level and progress. */
export function LoyaltyPage({ initialLevels }: { initialLevels: LoyaltyLevel[] | null }) {
  const { t } = useTranslation("layout");
  const loggedIn = useLoggedIn();
  const currency = useWallet(currentAccount)?.currency;
  const reward = useRewardText();
  const points = usePoints();
  useLoyaltyLive();
  const levels = useQuery({
    ...loyaltyQueries.levels(),
    queryFn: loyaltyApi.levels,
    initialData: initialLevels ?? undefined,
  });
  const account = useLoyaltyAccount();
  const order = account.data?.currentLevel?.order ?? 0;

  return (
    <div
      className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-5 sm:px-6 sm:py-8"
      data-testid="loyalty-page"
    >
      <ProgrammeHero
        tone="gold"
        kicker={t("loyalty.kicker")}
        title={t("loyalty.title")}
        intro={t("loyalty.intro")}
        action={
          <ModalLink
            modal="loyalty-earn"
            className={buttonClass("secondary", "md", "mt-4")}
            data-testid="loyalty-earn-link"
          >
            <SparkIcon size={18} />
            {t("loyalty.earn.link")}
          </ModalLink>
        }
      />

      {loggedIn ? (
        <section aria-labelledby="my-level" className="rounded-card border border-line bg-surface p-5 sm:p-6">
          <h2 id="my-level" className="mb-4 text-lg font-bold">
            {t("loyalty.mine")}
          </h2>
          {account.isError ? (
            <ErrorState onRetry={() => void account.refetch()} />
          ) : account.data ? (
            <LoyaltyProgress account={account.data} />
          ) : (
            <div className="h-16 animate-pulse rounded-2xl bg-surface-2" aria-busy="true" />
          )}
        </section>
      ) : (
        <section
          className="flex flex-col items-start gap-3 rounded-card border border-gold/40 bg-gold/10 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
          data-testid="loyalty-guest"
        >
          <p className="font-semibold">{t("loyalty.guest")}</p>
          <ModalLink modal="sign-up" className={buttonClass("primary", "md")}>
            {t("loyalty.signUp")}
          </ModalLink>
        </section>
      )}

      <section aria-labelledby="levels" className="flex flex-col gap-4">
        <h2 id="levels" className="text-lg font-bold tracking-tight sm:text-xl">
          {t("loyalty.levels")}
        </h2>
        {!levels.data && levels.isError ? (
          <ErrorState onRetry={() => void levels.refetch()} />
        ) : !levels.data ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-20 animate-pulse rounded-2xl bg-surface-2" />
            ))}
          </div>
        ) : levels.data.length === 0 ? (
          <EmptyState testId="loyalty-levels-empty" icon={<CrownIcon />} title={t("loyalty.noLevels")} />
        ) : (
          <ol className="flex flex-col gap-3" data-testid="loyalty-levels">
            {levels.data.map((level) => {
              const reached = loggedIn && level.order <= order;
              const current = loggedIn && level.order === order;
              return (
                <li
                  key={level.id}
                  data-testid="loyalty-level"
                  data-reached={reached}
                  className={`flex items-center gap-4 rounded-2xl border p-4 ${current ? "border-gold bg-gold/10" : "border-line bg-surface"}`}
                >
                  <span
                    className={`grid size-11 shrink-0 place-items-center rounded-xl font-extrabold ${reached ? "bg-gold text-bg" : "bg-surface-2 text-muted"}`}
                  >
                    {level.order}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-bold">
                      {level.name}
                      {current && (
                        <span className="ml-2 text-xs font-semibold text-gold uppercase">
                          {t("loyalty.yours")}
                        </span>
                      )}
                    </span>
                    <span className="block text-sm text-muted">{reward(level, currency)}</span>
                  </span>
                  <span className="text-right text-sm font-semibold whitespace-nowrap">
                    {t("loyalty.points", { points: points(level.points) })}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </div>
  );
}
