import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card } from "~/components/ui/Card";
import { BonusCodeForm, BonusCodeList } from "~/features/bonuses/BonusCode";
import { CashbackCard } from "~/features/bonuses/Cashback";
import { PlayerBonuses } from "~/features/bonuses/PlayerBonuses";
import { useLocalePath } from "~/features/shell/nav";

/** /profile/bonuses (route name profile-bonuses): the player's bonuses and free spins, codes and cashback. */
export default function ProfileBonuses() {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  return (
    <div className="flex flex-col gap-6" data-testid="profile-bonuses">
      <Card
        title={t("bonuses.mine.title")}
        description={t("bonuses.mine.description")}
        action={
          <Link to={href("/wallet/bonuses")} className="text-sm font-semibold text-muted hover:text-fg">
            {t("bonuses.mine.history")}
          </Link>
        }
      >
        <PlayerBonuses />
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t("bonuses.code.title")} description={t("bonuses.code.description")}>
          <BonusCodeForm />
          <BonusCodeList />
        </Card>
        <Card title={t("bonuses.cashback.title")} description={t("bonuses.cashback.description")}>
          <CashbackCard />
        </Card>
      </div>
    </div>
  );
}
