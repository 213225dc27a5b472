import { useOutletContext } from "react-router";
import type { StaffMe } from "#common/api/admin";
import { PromotionsScreen } from "~/features/admin/promotions/PromotionsScreen";

/** `/admin/promotions` (issue #21, decision 0024): bonus codes, one typed or a batch, their use, on and off. */
export default function AdminPromotions() {
  return <PromotionsScreen me={useOutletContext<StaffMe>()} />;
}
