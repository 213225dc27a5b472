import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { Pager } from "~/components/ui/Pager";
import { ADMIN_KEYS, adminApi } from "~/features/admin/api";
import { targetName, targetPath } from "~/features/admin/audit-targets";
import { ListState, pageLabel, when } from "~/features/admin/ui";

const show = (v: unknown) => (v === null || v === undefined ? "—" : JSON.stringify(v));

function AuditTarget({ type, id }: { type: string; id: string | null }) {
  const path = targetPath(type, id);
  const label = `${targetName(type)}${id ? ` ${id}` : ""}`;
  return path ? (
    <Link to={path} className="font-semibold text-accent hover:underline">
      {label}
    </Link>
  ) : (
    <>{label}</>
  );
}

/** `/admin/audit`: every staff action, newest first, with the state before and after. */
export default function AdminAudit() {
  const [params] = useSearchParams();
  const page = Number(params.get("page") ?? 1) || 1;
  const trail = useQuery({
    queryKey: ADMIN_KEYS.audit(page),
    queryFn: () => adminApi.get("/admin/audit", { page, perPage: 50 }),
  });
  return (
    <div className="grid max-w-6xl gap-5">
      <h1 className="text-2xl font-extrabold">Audit trail</h1>
      <ListState
        loading={trail.isPending}
        error={trail.error}
        empty={trail.data?.data.length === 0}
        emptyText="No staff action yet."
      />
      {trail.data && trail.data.data.length > 0 && (
        <div className="overflow-x-auto rounded-2xl border border-line bg-surface">
          <table className="w-full text-left text-sm" data-testid="admin-audit">
            <thead className="text-xs text-muted uppercase">
              <tr>
                <th className="px-4 py-3">When</th>
                <th className="px-4 py-3">Who</th>
                <th className="px-4 py-3">Action</th>
                <th className="px-4 py-3">Target</th>
                <th className="px-4 py-3 max-lg:hidden">Before → after</th>
              </tr>
            </thead>
            <tbody>
              {trail.data.data.map((a) => (
                <tr key={a.id} className="border-t border-line align-top">
                  <td className="px-4 py-3 whitespace-nowrap">{when(a.createdAt)}</td>
                  <td className="px-4 py-3">
                    {a.staff ?? "—"}
                    <span className="block text-xs text-muted">{a.ip}</span>
                  </td>
                  <td className="px-4 py-3 font-semibold">{a.action}</td>
                  <td className="px-4 py-3">
                    <AuditTarget type={a.targetType} id={a.targetId} />
                  </td>
                  <td className="max-w-md px-4 py-3 font-mono text-xs break-all text-muted max-lg:hidden">
                    {show(a.before)} → {show(a.after)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager meta={trail.data?.meta} label={pageLabel} />
    </div>
  );
}
