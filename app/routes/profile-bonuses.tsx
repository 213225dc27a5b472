import { Link } from "react-router";
import { Card } from "~/components/ui/Card";
import { CodeAndCashback } from "~/features/bonuses/CodeAndCashback";
import { PlayerBonuses } from "~/features/bonuses/PlayerBonuses";
import { ProfileSwitch } from "~/features/profile/ProfileSwitch";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";

/**
 * /profile/bonuses (route name profile-bonuses): the player's bonuses and free spins, codes and cashback, and
 * whether they want bonuses at all.
 */
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
      <CodeAndCashback className="grid gap-6 lg:grid-cols-2" />
      <Card>
        <ProfileSwitch
          name="receiveBonus"
          testId="toggle-receive-bonus"
          label={t("bonuses.wish.label")}
          description={t("bonuses.wish.hint")}
        />
      </Card>
    </div>
  );
}
