import { Link, type MetaDescriptor } from "react-router";
import { IconTile } from "~/components/ui/IconTile";
import { ChevronRightIcon, GiftIcon } from "~/components/ui/icons";
import { ListStates } from "~/components/ui/ListStates";
import { CodeAndCashback } from "~/features/bonuses/CodeAndCashback";
import { cataloguePageLoader, packageSteps, useCataloguePage } from "~/features/bonuses/catalogue";
import { bonusesMeta } from "~/features/bonuses/meta";
import { OfferCard } from "~/features/bonuses/OfferCard";
import { PlayerBonuses } from "~/features/bonuses/PlayerBonuses";
import { EmptyState, ErrorState } from "~/features/games/states";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/bonuses";

export { cataloguePageLoader as loader };

export function meta({ matches }: Route.MetaArgs): MetaDescriptor[] {
  return bonusesMeta(matches, "title");
}

/** `/bonuses`: the deposit bonuses on offer (server-rendered) and, for a player, their own bonuses. */
export default function Bonuses({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  const { q, shown: offers, statuses, loggedIn, currency } = useCataloguePage(loaderData.offers);
  const welcome = offers ? packageSteps(offers) : [];

  return (
    <div
      className="mx-auto flex w-full max-w-7xl flex-col gap-8 px-4 py-5 sm:px-6 sm:py-8"
      data-testid="bonuses-page"
    >
      <header className="relative overflow-hidden rounded-card border border-line bg-[radial-gradient(ellipse_at_top_left,color-mix(in_oklab,var(--c-accent-2)_35%,transparent),transparent_60%),radial-gradient(ellipse_at_bottom_right,color-mix(in_oklab,var(--c-gold)_20%,transparent),transparent_60%),var(--c-surface)] p-6 sm:p-8">
        <p className="text-xs font-semibold tracking-[0.14em] text-gold uppercase">{t("bonuses.kicker")}</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">{t("bonuses.title")}</h1>
        <p className="mt-2 max-w-2xl text-muted">{t("bonuses.intro")}</p>
      </header>

      {loggedIn && (
        <section aria-labelledby="my-bonuses" className="flex flex-col gap-4">
          <div className="flex items-center justify-between gap-3">
            <h2 id="my-bonuses" className="text-lg font-bold tracking-tight sm:text-xl">
              {t("bonuses.mine.title")}
            </h2>
            <Link to={href("/profile/bonuses")} className="text-sm font-semibold text-muted hover:text-fg">
              {t("bonuses.mine.all")}
            </Link>
          </div>
          <PlayerBonuses emptyAction={false} />
          <CodeAndCashback className="grid gap-4 lg:grid-cols-2" />
        </section>
      )}

      {welcome.length > 0 && (
        <Link
          to={href("/welcome-package")}
          data-testid="welcome-package-link"
          className="group flex items-center gap-4 rounded-2xl border border-gold/40 bg-gold/10 p-4 transition-colors hover:border-gold sm:p-5"
        >
          <IconTile size="lg" className="bg-gold/20 text-gold" icon={GiftIcon} />
          <span className="min-w-0 flex-1">
            <span className="block font-bold">{welcome[0]!.package!.name}</span>
            <span className="block text-sm text-muted">
              {t("bonuses.package.teaser", { count: welcome.length })}
            </span>
          </span>
          <ChevronRightIcon
            size={20}
            className="text-muted transition-transform group-hover:translate-x-0.5"
          />
        </Link>
      )}

      <section aria-labelledby="offers" className="flex flex-col gap-4">
        <h2 id="offers" className="text-lg font-bold tracking-tight sm:text-xl">
          {t("bonuses.offers")}
        </h2>
        <ListStates
          items={offers}
          failed={q.isError}
          failure={<ErrorState text={t("bonuses.offersFailed")} onRetry={() => void q.refetch()} />}
          placeholders={{
            count: 3,
            rowClassName: "h-72 rounded-2xl",
            className: "grid gap-4 sm:grid-cols-2 lg:grid-cols-3",
          }}
          empty={
            <EmptyState
              testId="bonus-offers-empty"
              icon={<GiftIcon />}
              title={t("bonuses.noOffers")}
              text={t("bonuses.noOffersText")}
              next={{ to: "/games", label: t("games.browse") }}
            />
          }
        >
          {(offers) => (
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="bonus-offers">
              {offers.map((b) => (
                <OfferCard key={b.id} bonus={b} status={statuses?.get(b.id)} currency={currency} />
              ))}
            </div>
          )}
        </ListStates>
      </section>
    </div>
  );
}
