import { useQuery } from "@tanstack/react-query";
import { Th } from "~/components/ui/Table";
import { ADMIN_KEYS, adminApi } from "../api";
import { AdminTable } from "../kit/AdminList";
import { Panel } from "../kit/Panel";
import { NewStaff } from "./NewStaff";
import { StaffRow } from "./StaffRow";

/** Staff (administrators): staff accounts, their roles, blocking and second-factor resets. */
export function StaffScreen() {
  const list = useQuery({
    queryKey: ADMIN_KEYS.staff,
    queryFn: async () => (await adminApi.get("/admin/staff")).data,
  });
  return (
    <div className="grid max-w-6xl gap-5">
      <h1 className="text-2xl font-extrabold">Staff</h1>
      <Panel title="Add a staff member">
        <NewStaff />
      </Panel>
      <AdminTable
        query={list}
        items={list.data}
        emptyText="No staff yet."
        head={
          <>
            <Th>Member</Th>
            <Th>Roles</Th>
            <Th>Status</Th>
            <Th className="max-md:hidden">Since</Th>
            <Th>Actions</Th>
          </>
        }
      >
        {(m) => <StaffRow member={m} />}
      </AdminTable>
    </div>
  );
}
