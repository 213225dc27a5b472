import { Link, type MetaDescriptor } from "react-router";
import { IconTile } from "~/components/ui/IconTile";
import { ArrowLeftIcon, GiftIcon } from "~/components/ui/icons";
import { BonusTerms } from "~/features/bonuses/BonusTerms";
import { loadCatalogue, useBonusStatuses } from "~/features/bonuses/catalogue";
import { bonusesMeta } from "~/features/bonuses/meta";
import { OfferAction, useOfferHeadline } from "~/features/bonuses/OfferCard";
import { useLocalePath } from "~/features/shell/nav";
import { currentAccount, useWallet } from "~/features/wallet/store";
import { useTranslation } from "~/lib/i18n-react";
import { notFound, routeLocale } from "~/lib/locale";
import { useLoggedIn } from "~/lib/session/use-session";
import type { Route } from "./+types/bonus";

/** `/bonus/{pageIdentity}`: one deposit bonus's page; an unknown one is a 404. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = routeLocale(params, request);
  const bonus = (await loadCatalogue(request, context)).find((b) => b.pageIdentity === params.pageIdentity);
  if (!bonus) notFound(request);
  return { locale, bonus };
}

export function meta({ matches, data }: Route.MetaArgs): MetaDescriptor[] {
  return bonusesMeta(matches, "title", data?.bonus.name);
}

export default function BonusPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  const { bonus } = loaderData;
  const loggedIn = useLoggedIn();
  const currency = useWallet(currentAccount)?.currency;
  const headline = useOfferHeadline();
  const status = useBonusStatuses(loggedIn ? [bonus.id] : [])?.get(bonus.id);

  return (
    <div
      className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-5 sm:px-6 sm:py-8"
      data-testid="bonus-page"
    >
      <Link
        to={href("/bonuses")}
        className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-muted hover:text-fg"
      >
        <ArrowLeftIcon size={16} /> {t("bonuses.title")}
      </Link>
      <header className="relative overflow-hidden rounded-card border border-line bg-[radial-gradient(ellipse_at_top_right,color-mix(in_oklab,var(--c-accent-2)_40%,transparent),transparent_65%),radial-gradient(ellipse_at_bottom_left,color-mix(in_oklab,var(--c-gold)_25%,transparent),transparent_60%),var(--c-surface)] p-6 sm:p-8">
        <IconTile size="xl" className="bg-bg/40 text-gold backdrop-blur" icon={GiftIcon} />
        {bonus.package && (
          <Link
            to={href("/welcome-package")}
            className="mt-4 inline-block rounded-md bg-bg/50 px-2 py-1 text-xs font-bold hover:underline"
          >
            {bonus.package.name} · {t("bonuses.package.step", { step: bonus.package.step })}
          </Link>
        )}
        <h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl">{bonus.name}</h1>
        <p className="mt-2 text-lg font-semibold text-gold">{headline(bonus, currency)}</p>
        <p className="mt-3 max-w-2xl text-muted">{bonus.description}</p>
        <div className="mt-5 flex flex-wrap items-center gap-3">
          <OfferAction taken={status?.status === "taken"} page />
          {status?.status === "unavailable" && (
            <span className="text-sm text-muted">{t("bonuses.offer.unavailable")}</span>
          )}
        </div>
      </header>
      <section aria-labelledby="terms" className="flex flex-col gap-3">
        <h2 id="terms" className="text-lg font-bold">
          {t("bonuses.terms.title")}
        </h2>
        <BonusTerms bonus={bonus} />
      </section>
    </div>
  );
}
