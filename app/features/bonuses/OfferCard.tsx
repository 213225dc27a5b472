import { clsx } from "clsx";
import { Link } from "react-router";
import type { BonusStatus, DepositBonus } from "#common/api/bonus";
import { buttonClass } from "~/components/ui/Button";
import { IconTile } from "~/components/ui/IconTile";
import { GiftIcon } from "~/components/ui/icons";
import { CheckCircleIcon } from "~/components/ui/page-icons";
import { useMoney } from "~/features/games/money";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
import { useLoggedIn } from "~/lib/session/use-session";
import { ModalLink } from "~/modals/ModalLink";
import { amountIn } from "./format";

/** What a deposit bonus gives, in one line: "100% up to $200" and/or "50 free spins on Harbor Fortune". */
export function useOfferHeadline() {
  const { t } = useTranslation("layout");
  const money = useMoney();
  return (bonus: DepositBonus, currency?: string) => {
    const cap = amountIn(bonus.maxAmountItems, currency) ?? bonus.maxAmountItems[0];
    const parts: string[] = [];
    if (bonus.matchPercent > 0)
      parts.push(
        cap
          ? t("bonuses.offer.matchUpTo", {
              percent: bonus.matchPercent,
              cap: money(cap.amount, cap.currency),
            })
          : t("bonuses.offer.match", { percent: bonus.matchPercent }),
      );
    if (bonus.freespins)
      parts.push(t("bonuses.offer.spins", { count: bonus.freespins.count, game: bonus.freespins.gameName }));
    return parts.join(" + ");
  };
}

/** The least deposit that qualifies, in the currency asked for or the first one listed. */
export function useMinDeposit() {
  const money = useMoney();
  return (bonus: DepositBonus, currency?: string) => {
    const items = bonus.triggerConditions.invoiceAmountItems;
    const item = items.find((i) => i.currency === currency) ?? items[0];
    return item ? money(item.amountFrom, item.currency) : undefined;
  };
}

/** A deposit bonus on offer: what it gives, what it asks, its page and its terms. */
export function OfferCard({
  bonus,
  status,
  currency,
}: {
  bonus: DepositBonus;
  /** The signed-in player's standing with it (GET /api/game/bonuses/status). */
  status?: BonusStatus;
  currency?: string;
}) {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  const headline = useOfferHeadline();
  const minDeposit = useMinDeposit()(bonus, currency);
  const taken = status?.status === "taken";
  return (
    <article
      data-testid="bonus-offer"
      data-id={bonus.id}
      data-status={status?.status}
      className="relative flex flex-col overflow-hidden rounded-2xl border border-line bg-surface"
    >
      <div className="relative bg-[radial-gradient(ellipse_at_top_right,color-mix(in_oklab,var(--c-accent-2)_40%,transparent),transparent_70%),radial-gradient(ellipse_at_bottom_left,color-mix(in_oklab,var(--c-gold)_22%,transparent),transparent_65%)] px-5 pt-5 pb-4">
        <div className="flex items-start justify-between gap-3">
          <IconTile size="lg" className="bg-bg/40 text-gold backdrop-blur" icon={GiftIcon} />
          {bonus.package && (
            <span className="rounded-md bg-bg/50 px-2 py-1 text-xs font-bold backdrop-blur">
              {t("bonuses.package.step", { step: bonus.package.step })}
            </span>
          )}
        </div>
        <h3 className="mt-3 text-lg leading-tight font-extrabold">
          <Link
            to={href(`/bonus/${bonus.pageIdentity}`)}
            className="hover:underline"
            data-testid="bonus-offer-link"
          >
            {bonus.name}
          </Link>
        </h3>
        <p className="mt-1 text-sm font-semibold text-gold">{headline(bonus, currency)}</p>
      </div>
      <div className="flex flex-1 flex-col gap-3 px-5 pt-3 pb-5">
        <p className="line-clamp-3 text-sm text-muted">{bonus.description}</p>
        <ul className="grid gap-1 text-xs text-muted">
          {minDeposit && <li>{t("bonuses.offer.minDeposit", { amount: minDeposit })}</li>}
          <li>{t("bonuses.offer.wagering", { times: bonus.wageringMultiplier })}</li>
        </ul>
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">
          <OfferAction taken={taken} />
          <ModalLink
            modal="bonus-condition"
            value={bonus.id}
            className={buttonClass("ghost", "sm")}
            data-testid="bonus-offer-terms"
          >
            {t("bonuses.offer.terms")}
          </ModalLink>
        </div>
      </div>
    </article>
  );
}

/**
 * What an offer asks next: nothing once taken, a deposit when signed in, signing up otherwise. On its card
 * small; on the bonus's own page (`page`) large, with the page's test ids.
 */
export function OfferAction({ taken, page }: { taken: boolean; page?: boolean }) {
  const { t } = useTranslation("layout");
  const loggedIn = useLoggedIn();
  const size = page ? "lg" : "sm";
  if (taken)
    return (
      <span
        className={clsx("inline-flex items-center gap-1.5 font-semibold text-success", !page && "text-sm")}
        data-testid={page ? "bonus-taken" : undefined}
      >
        <CheckCircleIcon size={page ? 18 : 16} /> {t("bonuses.offer.taken")}
      </span>
    );
  if (loggedIn)
    return (
      <ModalLink
        modal="wallet"
        value="deposit"
        className={buttonClass("primary", size)}
        data-testid={page ? "bonus-deposit" : "bonus-offer-deposit"}
      >
        {t("bonuses.offer.deposit")}
      </ModalLink>
    );
  return (
    <ModalLink modal="sign-up" className={buttonClass("primary", size)}>
      {t("bonuses.offer.signUp")}
    </ModalLink>
  );
}
