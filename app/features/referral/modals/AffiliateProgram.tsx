import { Spinner } from "~/components/ui/Field";
import { UsersIcon } from "~/components/ui/icons";
import { ErrorState } from "~/features/games/states";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { useReferralTerms } from "../api";
import { ReferralTerms } from "../ReferralTerms";

/**
 * `?affiliate-program`: the referral programme's terms, rendered from the configured rules the server states
 * (GET /api/referral/terms), so the text stays true when an operator changes them.
 */
export default function AffiliateProgram(_: ModalProps) {
  const { t } = useTranslation("layout");
  const terms = useReferralTerms();
  return (
    <ModalFrame
      icon={<UsersIcon size={22} />}
      title={t("referral.terms.title")}
      description={t("referral.terms.description")}
    >
      {terms.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : terms.isError ? (
        <ErrorState onRetry={() => void terms.refetch()} text={t("referral.error")} />
      ) : (
        <ReferralTerms terms={terms.data} />
      )}
    </ModalFrame>
  );
}
