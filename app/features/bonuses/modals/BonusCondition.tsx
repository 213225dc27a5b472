import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/Button";
import { FileIcon } from "~/components/ui/icons";
import { InlineError } from "~/features/games/states";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { BonusTerms } from "../BonusTerms";
import { catalogueQuery } from "../catalogue";

/** `?bonus-condition={bonusId}`: a deposit bonus's terms, for anyone (they are read before signing up). */
export default function BonusCondition({ value }: ModalProps) {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  const q = useQuery(catalogueQuery());
  const bonus = q.data?.find((b) => b.id === value);
  return (
    <ModalFrame
      icon={<FileIcon size={22} />}
      title={bonus?.name ?? t("bonuses.terms.title")}
      description={t("bonuses.terms.title")}
    >
      {bonus ? (
        <div className="flex flex-col gap-4 text-sm" data-testid="bonus-condition">
          <p className="text-muted">{bonus.description}</p>
          <BonusTerms bonus={bonus} />
          <Link to={href(`/bonus/${bonus.pageIdentity}`)} className={buttonClass("secondary", "lg")}>
            {t("bonuses.offer.more")}
          </Link>
        </div>
      ) : q.isError ? (
        <InlineError text={t("bonuses.offersFailed")} onRetry={() => void q.refetch()} />
      ) : q.isPending ? (
        <div className="h-40 animate-pulse rounded-xl bg-surface-2" aria-busy="true" />
      ) : (
        <p className="py-4 text-center text-sm text-muted">{t("bonuses.gone")}</p>
      )}
    </ModalFrame>
  );
}
