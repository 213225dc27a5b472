import { useOutletContext } from "react-router";
import type { StaffMe } from "#common/api/admin";
import { ShortfallsScreen } from "~/features/admin/trading/ShortfallsScreen";

/** `/admin/trading/shortfalls`: what corrected results could not take back, until staff collect or write it off. */
export default function AdminTradingShortfalls() {
  return <ShortfallsScreen me={useOutletContext<StaffMe>()} />;
}
