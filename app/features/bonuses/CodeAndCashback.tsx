import { Card } from "~/components/ui/Card";
import { useTranslation } from "~/lib/i18n-react";
import { BonusCodeForm, BonusCodeList } from "./BonusCode";
import { CashbackCard } from "./Cashback";

/** The bonus code and cashback cards side by side on a wide screen (the bonuses page and the profile's). */
export function CodeAndCashback({ className }: { className: string }) {
  const { t } = useTranslation("layout");
  return (
    <div className={className}>
      <Card title={t("bonuses.code.title")} description={t("bonuses.code.description")}>
        <BonusCodeForm />
        <BonusCodeList />
      </Card>
      <Card title={t("bonuses.cashback.title")} description={t("bonuses.cashback.description")}>
        <CashbackCard />
      </Card>
    </div>
  );
}
