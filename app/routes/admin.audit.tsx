import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Td, Th, Tr } from "~/components/ui/Table";
import { ADMIN_KEYS, adminApi } from "~/features/admin/api";
import { targetName, targetPath } from "~/features/admin/audit-targets";
import { AdminTable } from "~/features/admin/kit/AdminList";
import { usePageParam, when } from "~/features/admin/ui";

const show = (v: unknown) => (v === null || v === undefined ? "—" : JSON.stringify(v));

function AuditTarget({ type, id }: { type: string; id: string | null }) {
  const path = targetPath(type, id);
  const label = `${targetName(type)}${id ? ` ${id}` : ""}`;
  return path ? (
    <Link to={path} className="font-semibold text-accent hover:underline">
      {label}
    </Link>
  ) : (
    label
  );
}

/** `/admin/audit`: every staff action, newest first, with the state before and after. */
export default function AdminAudit() {
  const page = usePageParam();
  const trail = useQuery({
    queryKey: ADMIN_KEYS.audit(page),
    queryFn: () => adminApi.get("/admin/audit", { page, perPage: 50 }),
  });
  return (
    <div className="grid max-w-6xl gap-5">
      <h1 className="text-2xl font-extrabold">Audit trail</h1>
      <AdminTable
        paged={trail}
        emptyText="No staff action yet."
        testId="admin-audit"
        head={
          <>
            <Th>When</Th>
            <Th>Who</Th>
            <Th>Action</Th>
            <Th>Target</Th>
            <Th className="max-lg:hidden">Before → after</Th>
          </>
        }
      >
        {(a) => (
          <Tr className="align-top">
            <Td className="whitespace-nowrap">{when(a.createdAt)}</Td>
            <Td>
              {a.staff ?? "—"}
              <span className="block text-xs text-muted">{a.ip}</span>
            </Td>
            <Td className="font-semibold">{a.action}</Td>
            <Td>
              <AuditTarget type={a.targetType} id={a.targetId} />
            </Td>
            <Td className="max-w-md font-mono text-xs break-all text-muted max-lg:hidden">
              {show(a.before)} → {show(a.after)}
            </Td>
          </Tr>
        )}
      </AdminTable>
    </div>
  );
}
