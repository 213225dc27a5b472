import type { StaffMember } from "#common/api/admin";
import { Button } from "~/components/ui/Button";
import { Td, Tr } from "~/components/ui/Table";
import { ADMIN_KEYS, adminApi } from "../api";
import { StatusBadge } from "../kit/badges";
import { useSaveAndRefresh } from "../kit/EditableRow";
import { RowError } from "../kit/errors";
import { when } from "../kit/format";

/** A staff member: roles, status and second factor; blocking and a second-factor reset. */
export function StaffRow({ member }: { member: StaffMember }) {
  const change = useSaveAndRefresh(
    (body: Record<string, unknown>) => adminApi.patch(`/admin/staff/${member.id}`, body),
    ADMIN_KEYS.staff,
  );
  return (
    <Tr className="align-top">
      <Td>
        <span className="font-semibold">{member.name}</span>
        <span className="block text-xs text-muted">{member.email}</span>
      </Td>
      <Td>{member.roles.join(", ")}</Td>
      <Td>
        <StatusBadge status={member.status} />
        <span className="block text-xs text-muted">
          {member.secondFactor ? "2FA on" : "2FA at next sign-in"}
        </span>
      </Td>
      <Td className="max-md:hidden">{when(member.createdAt)}</Td>
      <Td>
        <div className="flex flex-wrap gap-1.5">
          <Button
            size="sm"
            variant="ghost"
            disabled={change.isPending}
            onClick={() => change.mutate({ status: member.status === "active" ? "blocked" : "active" })}
          >
            {member.status === "active" ? "Block" : "Unblock"}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={change.isPending}
            onClick={() => change.mutate({ resetSecondFactor: true })}
          >
            Reset 2FA
          </Button>
        </div>
        <RowError error={change.error} className="mt-1 text-xs text-danger" />
      </Td>
    </Tr>
  );
}
