import { StaffScreen } from "~/features/admin/staff/StaffScreen";

/** `/admin/staff` (administrators): staff accounts, their roles, blocking and second-factor resets. */
export default function AdminStaff() {
  return <StaffScreen />;
}
