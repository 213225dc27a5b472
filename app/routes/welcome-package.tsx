import type { MetaDescriptor } from "react-router";
import { buttonClass } from "~/components/ui/Button";
import { GiftIcon } from "~/components/ui/icons";
import { ListStates } from "~/components/ui/ListStates";
import { cataloguePageLoader, packageSteps, useCataloguePage } from "~/features/bonuses/catalogue";
import { bonusesMeta } from "~/features/bonuses/meta";
import { WelcomeSteps } from "~/features/bonuses/WelcomeSteps";
import { EmptyState, ErrorState } from "~/features/games/states";
import { useTranslation } from "~/lib/i18n-react";
import { ModalLink } from "~/modals/ModalLink";
import type { Route } from "./+types/welcome-package";

export { cataloguePageLoader as loader };

export function meta({ matches }: Route.MetaArgs): MetaDescriptor[] {
  return bonusesMeta(matches, "package.title");
}

/** `/welcome-package`: the rewards of the first four deposits, and for a player which are done. */
export default function WelcomePackage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("layout");
  const { q, shown: steps, statuses, loggedIn, currency } = useCataloguePage(loaderData.offers, packageSteps);
  const done = steps && statuses ? steps.filter((s) => statuses.get(s.id)?.status === "taken").length : 0;
  const name = steps?.[0]?.package?.name;

  return (
    <div
      className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-5 sm:px-6 sm:py-8"
      data-testid="welcome-package"
    >
      <header className="relative overflow-hidden rounded-card border border-line bg-[radial-gradient(ellipse_at_top_left,color-mix(in_oklab,var(--c-gold)_30%,transparent),transparent_60%),radial-gradient(ellipse_at_bottom_right,color-mix(in_oklab,var(--c-accent-2)_30%,transparent),transparent_60%),var(--c-surface)] p-6 sm:p-8">
        <p className="text-xs font-semibold tracking-[0.14em] text-gold uppercase">
          {t("bonuses.package.kicker")}
        </p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">
          {name ?? t("bonuses.package.title")}
        </h1>
        <p className="mt-2 max-w-2xl text-muted">{t("bonuses.package.intro")}</p>
        {loggedIn && steps && statuses && (
          <p className="mt-4 text-sm font-semibold" data-testid="welcome-progress">
            {t("bonuses.package.progress", { done, total: steps.length })}
          </p>
        )}
        {steps && steps.length > 0 && done < steps.length && (
          <div className="mt-5">
            {loggedIn ? (
              <ModalLink modal="wallet" value="deposit" className={buttonClass("primary", "lg")}>
                {t("bonuses.offer.deposit")}
              </ModalLink>
            ) : (
              <ModalLink modal="sign-up" className={buttonClass("primary", "lg")}>
                {t("bonuses.offer.signUp")}
              </ModalLink>
            )}
          </div>
        )}
      </header>
      <ListStates
        items={steps}
        failed={q.isError}
        failure={<ErrorState text={t("bonuses.offersFailed")} onRetry={() => void q.refetch()} />}
        placeholders={{
          count: 4,
          rowClassName: "h-48 rounded-2xl",
          className: "grid gap-3 sm:grid-cols-2 lg:grid-cols-4",
        }}
        empty={
          <EmptyState
            testId="welcome-empty"
            icon={<GiftIcon />}
            title={t("bonuses.package.empty")}
            next={{ to: "/bonuses", label: t("bonuses.mine.browse") }}
          />
        }
      >
        {(steps) => <WelcomeSteps steps={steps} statuses={statuses} currency={currency} />}
      </ListStates>
    </div>
  );
}
