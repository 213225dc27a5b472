import { BonusesScreen } from "~/features/admin/bonuses/BonusesScreen";

/** `/admin/bonuses` (issue #21, decision 0026): every bonus definition with its terms, texts and switch. */
export default function AdminBonuses() {
  return <BonusesScreen />;
}
