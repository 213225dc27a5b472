import { useOutletContext } from "react-router";
import type { StaffMe } from "#common/api/admin";
import { WithdrawalsScreen } from "~/features/admin/withdrawals/WithdrawalsScreen";

/** `/admin/withdrawals`: withdrawals waiting for review (oldest first) with their risk flags; method limits. */
export default function AdminWithdrawals() {
  return <WithdrawalsScreen me={useOutletContext<StaffMe>()} />;
}
